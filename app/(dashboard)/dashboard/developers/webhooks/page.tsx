import type { Metadata } from "next";
import { FilterBar, FilterField } from "@/components/ui/filter-bar";
import { Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Card } from "@/components/ui/card";
import { DeliveryBadge } from "@/components/webhooks/delivery-badge";
import { DELIVERY_STATUSES, type DeliveryStatus } from "@/db/schema";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { listMerchantEvents } from "@/lib/events/list-events";
import { DateTime } from "@/components/ui/date-time";

export const metadata: Metadata = { title: "Webhooks" };

type Search = { type?: string; status?: string; page?: string };

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const search = await searchParams;
  const page = Math.max(1, Number(search.page) || 1);
  const status = (DELIVERY_STATUSES as readonly string[]).includes(search.status ?? "") ? (search.status as DeliveryStatus) : undefined;
  const type = search.type && search.type.length <= 100 ? search.type : undefined;
  const result = await listMerchantEvents(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, type, status, page, pageSize: 25 });
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold">Webhooks</h1>
        <p className="text-sm text-neutral-500">Every event sent to your keys&apos; webhook URLs, with each delivery attempt. Send a test event from <Link href="/dashboard/developers" className="text-accent hover:underline">API keys</Link>.</p>
      </div>
      <FilterBar action="/dashboard/developers/webhooks" submitLabel="Filter">
        <FilterField label="Event type">
          <Select name="type" defaultValue={type ?? ""}>
            <option value="">All types</option>
            {EVENT_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </Select>
        </FilterField>
        <FilterField label="Delivery">
          <Select name="status" defaultValue={status ?? ""}>
            <option value="">Any status</option>
            {DELIVERY_STATUSES.map((s) => <option key={s} value={s}>{s.replace("_", " ")}</option>)}
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <Card className="py-12 text-center" data-testid="events-empty">
          <p className="font-medium">No events{type || status ? " match these filters" : " yet"}</p>
          <p className="mt-1 text-sm text-neutral-500">Events appear when money moves, or when you send a test event from a key.</p>
        </Card>
      ) : (
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-left text-sm" data-testid="events-table">
            <thead className="text-xs uppercase text-neutral-500">
              <tr><th className="px-4 py-2 font-medium">Event</th><th className="px-4 py-2 font-medium">Delivery</th><th className="px-4 py-2 font-medium">Attempts</th><th className="px-4 py-2 font-medium">Last response</th><th className="px-4 py-2 font-medium">Created</th></tr>
            </thead>
            <tbody>
              {result.items.map((e) => (
                <tr key={e.id} className="border-t border-neutral-100 hover:bg-neutral-50 dark:border-neutral-800 dark:hover:bg-neutral-900" data-testid="event-row">
                  <td className="px-4 py-2">
                    <Link href={`/dashboard/developers/webhooks/${e.id}`} className="font-medium text-accent hover:underline">{e.type}</Link>
                    <p className="font-mono text-xs text-neutral-500">{e.id}</p>
                  </td>
                  <td className="px-4 py-2"><DeliveryBadge status={e.deliveryStatus} attempts={e.attempts} /></td>
                  <td className="px-4 py-2 tabular-nums">{e.attempts}</td>
                  <td className="px-4 py-2 tabular-nums">{e.lastStatusCode ?? "—"}</td>
                  <td className="px-4 py-2 whitespace-nowrap"><DateTime at={e.createdAt} seconds /></td>
                </tr>
              ))}
            </tbody>
          </table>
          <Paging total={result.total} page={result.page} totalPages={result.total_pages} noun="event" link={(p) => listHref("/dashboard/developers/webhooks", { type: search.type, status: search.status, page: p })} />
        </Card>
      )}
    </div>
  );
}
