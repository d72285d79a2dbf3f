import type { Metadata } from "next";
import { FilterBar, FilterField, StatusOptions } from "@/components/ui/filter-bar";
import { ControlInput, Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { channelLabel } from "@/components/payments/payment-labels";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { StatusBadge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { SESSION_STATUSES } from "@/lib/sessions/list-sessions";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { formatNaira } from "@/lib/money";
import { listSessions, parseSessionSearch } from "@/lib/sessions/list-sessions";

export const metadata: Metadata = { title: "Checkout sessions" };

type Search = Record<string, string | string[] | undefined>;

export default async function SessionsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parseSessionSearch(await searchParams);
  const result = await listSessions(ctx.db, { ...ctx.scope, ...query });
  const filters = { status: query.status, search: query.search };
  const filtered = Boolean(query.status || query.search);
  return (
    <div className="space-y-5">
      {/* An active session can be paid (or lapse) at any moment. */}
      <AutoRefresh active={result.items.some((s) => s.displayStatus === "active")} everyMs={5_000} />
      <h1 className="text-xl font-semibold">Checkout sessions</h1>
      <FilterBar action="/dashboard/sessions" clearHref={filtered && "/dashboard/sessions"}>
        <FilterField label="Search">
          <ControlInput name="search" defaultValue={query.search ?? ""} placeholder="Reference or customer email" className="w-64 px-3" />
        </FilterField>
        <FilterField label="Status">
          <Select name="status" defaultValue={query.status ?? ""}>
            <StatusOptions statuses={SESSION_STATUSES} />
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <EmptyState testId="sessions-empty" title={filtered ? "No sessions match these filters" : "No checkout sessions yet"}>
          {!filtered && (
            <EmptyHint>
              Your website starts one when a customer checks out, through the{" "}
              <Link href="/docs" className="text-accent underline">
                Owo API
              </Link>{" "}
              with a key from{" "}
              <Link href="/dashboard/developers" className="text-accent underline">
                API keys
              </Link>
              , or through the{" "}
              <Link href="/dashboard/developers/inline" className="text-accent underline">
                inline checkout
              </Link>
              .
            </EmptyHint>
          )}
        </EmptyState>
      ) : (
        <ListTable
          testId="sessions-table"
          footer={
            <Paging
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="session"
              testId="sessions-total"
              link={(p) => listHref("/dashboard/sessions", { ...filters, page: p })}
            />
          }
        >
          <ListHead>
            <Th>Customer</Th>
            <Th right>Amount</Th>
            <Th>Status</Th>
            <Th>Method</Th>
            <Th>Reference</Th>
            <Th>Created</Th>
          </ListHead>
          <tbody>
            {result.items.map((s) => (
              <Row key={s.id} data-testid="session-row">
                <td data-phone="primary" className="px-4 py-2">
                  <Link href={`/dashboard/sessions/${s.id}`} className="font-medium text-accent hover:underline">
                    {s.customerEmail}
                  </Link>
                  {s.customerName && <p className="text-xs text-neutral-500">{s.customerName}</p>}
                </td>
                <td data-phone="amount" className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                  {formatNaira(s.amount)}
                </td>
                <td data-phone="status" className="px-4 py-2">
                  <span data-testid="session-status">
                    <StatusBadge status={s.displayStatus} />
                  </span>
                </td>
                <td data-label="Method" className="px-4 py-2">
                  {s.paymentMethod ? channelLabel(s.paymentMethod) : <span className="text-neutral-500 dark:text-neutral-400">Not chosen</span>}
                  {s.attempts > 1 && <p className="text-xs text-neutral-500">{s.attempts} attempts</p>}
                </td>
                <td data-label="Reference" className="px-4 py-2">
                  <span className="font-mono text-xs">{s.reference}</span>
                  {s.merchantReference && <p className="font-mono text-xs text-neutral-500">{s.merchantReference}</p>}
                </td>
                <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={s.createdAt} />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
