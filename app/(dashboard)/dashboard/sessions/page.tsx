import type { Metadata } from "next";
import { FilterBar, FilterField } from "@/components/ui/filter-bar";
import { ControlInput, Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import Link from "next/link";
import { redirect } from "next/navigation";
import { channelLabel } from "@/components/payments/payment-labels";
import { AutoRefresh } from "@/components/transfers/auto-refresh";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { SESSION_STATUSES } from "@/db/schema";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { formatNaira } from "@/lib/money";
import { listSessions, parseSessionSearch } from "@/lib/sessions/list-sessions";

export const metadata: Metadata = { title: "Checkout sessions" };

type Search = Record<string, string | string[] | undefined>;

export default async function SessionsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parseSessionSearch(await searchParams);
  const result = await listSessions(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, ...query });
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
            <option value="">Any</option>
            {SESSION_STATUSES.map((s) => <option key={s} value={s}>{s[0]!.toUpperCase() + s.slice(1)}</option>)}
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <Card className="py-12 text-center" data-testid="sessions-empty">
          <p className="font-medium">{filtered ? "No sessions match these filters" : "No checkout sessions yet"}</p>
          {!filtered && (
            <p className="mt-1 text-sm text-neutral-500">
              Start one with <code className="font-mono text-xs">POST /v1/checkout/session/initialize</code> using a key from{" "}
              <Link href="/dashboard/developers" className="text-accent hover:underline">API keys</Link>.
            </p>
          )}
        </Card>
      ) : (
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-left text-sm" data-testid="sessions-table">
            <thead className="text-xs uppercase text-neutral-500">
              <tr>
                <th className="px-4 py-2 font-medium">Customer</th>
                <th className="px-4 py-2 text-right font-medium">Amount</th>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2 font-medium">Method</th>
                <th className="px-4 py-2 font-medium">Reference</th>
                <th className="px-4 py-2 font-medium">Created</th>
              </tr>
            </thead>
            <tbody>
              {result.items.map((s) => (
                <tr key={s.id} className="border-t border-neutral-100 hover:bg-neutral-50 dark:border-neutral-800 dark:hover:bg-neutral-900" data-testid="session-row">
                  <td className="px-4 py-2">
                    <Link href={`/dashboard/sessions/${s.id}`} className="font-medium text-accent hover:underline">{s.customerEmail}</Link>
                    {s.customerName && <p className="text-xs text-neutral-500">{s.customerName}</p>}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatNaira(s.amount)}</td>
                  <td className="px-4 py-2"><span data-testid="session-status"><StatusBadge status={s.displayStatus} /></span></td>
                  <td className="px-4 py-2">
                    {s.paymentMethod ? channelLabel(s.paymentMethod) : <span className="text-neutral-400">Not chosen</span>}
                    {s.attempts > 1 && <p className="text-xs text-neutral-500">{s.attempts} attempts</p>}
                  </td>
                  <td className="px-4 py-2">
                    <span className="font-mono text-xs">{s.reference}</span>
                    {s.merchantReference && <p className="font-mono text-xs text-neutral-500">{s.merchantReference}</p>}
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap"><DateTime at={s.createdAt} /></td>
                </tr>
              ))}
            </tbody>
          </table>
          <Paging total={result.total} page={result.page} totalPages={result.total_pages} noun="session" testId="sessions-total" link={(p) => listHref("/dashboard/sessions", { ...filters, page: p })} />
        </Card>
      )}
    </div>
  );
}
