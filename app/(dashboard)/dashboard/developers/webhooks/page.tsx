import type { Metadata } from "next";
import { FilterBar, FilterField } from "@/components/ui/filter-bar";
import { Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { DeliveryBadge } from "@/components/webhooks/delivery-badge";
import type { DeliveryStatus } from "@/db/schema";
import { DELIVERY_STATUSES } from "@/lib/events/list-events";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { listKeyPairs } from "@/lib/keys/get-key-pair";
import { WebhookEndpoints } from "@/components/webhooks/webhook-endpoints";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { listMerchantEvents } from "@/lib/events/list-events";
import { DateTime } from "@/components/ui/date-time";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";

export const metadata: Metadata = { title: "Webhooks" };

type Search = { type?: string; status?: string; page?: string };

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const search = await searchParams;
  const page = Math.max(1, Number(search.page) || 1);
  const status = (DELIVERY_STATUSES as readonly string[]).includes(search.status ?? "") ? (search.status as DeliveryStatus) : undefined;
  const type = search.type && search.type.length <= 100 ? search.type : undefined;
  const [result, keys] = await Promise.all([listMerchantEvents(ctx.db, { ...ctx.scope, type, status, page, pageSize: 25 }), listKeyPairs(ctx.db, ctx.scope)]);
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold">Webhooks</h1>
        <p className="text-sm text-neutral-500">Where your keys&apos; events are posted, and every event sent, with each delivery attempt.</p>
      </div>
      <WebhookEndpoints keys={keys} canManage={rolePolicy.manageDevelopers(ctx.role, ctx.mode)} />
      <FilterBar action="/dashboard/developers/webhooks" submitLabel="Filter">
        <FilterField label="Event type">
          <Select name="type" defaultValue={type ?? ""}>
            <option value="">All types</option>
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label="Delivery">
          <Select name="status" defaultValue={status ?? ""}>
            <option value="">Any status</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replace("_", " ")}
              </option>
            ))}
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <EmptyState testId="events-empty" title={<>No events{type || status ? " match these filters" : " yet"}</>}>
          <EmptyHint>Events appear when money moves, or when you send a test event from a key.</EmptyHint>
        </EmptyState>
      ) : (
        <ListTable
          testId="events-table"
          footer={
            <Paging
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="event"
              link={(p) => listHref("/dashboard/developers/webhooks", { type: search.type, status: search.status, page: p })}
            />
          }
        >
          <ListHead>
            <Th>Event</Th>
            <Th>Delivery</Th>
            <Th>Attempts</Th>
            <Th>Last response</Th>
            <Th>Created</Th>
          </ListHead>
          <tbody>
            {result.items.map((e) => (
              <Row key={e.id} data-testid="event-row">
                <td data-phone="primary" className="px-4 py-2">
                  <Link href={`/dashboard/developers/webhooks/${e.id}`} className="font-medium text-accent hover:underline">
                    {e.type}
                  </Link>
                  <p className="font-mono text-xs text-neutral-500">{e.id}</p>
                </td>
                <td data-phone="status" className="px-4 py-2">
                  <DeliveryBadge status={e.deliveryStatus} attempts={e.attempts} />
                </td>
                <td data-label="Attempts" className="px-4 py-2 tabular-nums">
                  {e.attempts}
                </td>
                <td data-label="Last response" className="px-4 py-2 tabular-nums">
                  {e.lastStatusCode ?? "—"}
                </td>
                <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={e.createdAt} seconds />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
