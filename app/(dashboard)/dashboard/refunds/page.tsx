import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ProductBanner } from "@/components/static-accounts/product-banner";
import { AutoRefresh } from "@/components/transfers/auto-refresh";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { FilterBar, FilterField } from "@/components/ui/filter-bar";
import { Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import { REFUND_STATUSES } from "@/db/schema";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { formatNaira } from "@/lib/money";
import { listDashboardRefunds, parseRefundSearch } from "@/lib/refunds/dashboard-refunds";

export const metadata: Metadata = { title: "Refunds" };

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default async function RefundsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parseRefundSearch(await searchParams);
  const result = await listDashboardRefunds(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, ...query });
  const open = result.items.some((r) => r.status === "requested" || r.status === "processing");
  return (
    <div className="space-y-5">
      <AutoRefresh active={open} everyMs={5_000} />
      <div>
        <h1 className="text-xl font-semibold">Refunds</h1>
        <p className="mt-1 text-sm text-neutral-500">Refunds of static-account payments. Owo reviews each request before the money goes back to the payer.</p>
      </div>
      <ProductBanner state={ctx.merchant.staticAccounts} compact />
      <FilterBar action="/dashboard/refunds" clearHref={query.status && "/dashboard/refunds"}>
        <FilterField label="Status">
          <Select name="status" defaultValue={query.status ?? ""} data-testid="refund-status-filter">
            <option value="">Any</option>
            {REFUND_STATUSES.map((s) => <option key={s} value={s}>{capitalise(s)}</option>)}
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <Card className="py-12 text-center" data-testid="refunds-empty">
          <p className="font-medium">{query.status ? `No ${query.status} refunds` : "No refunds yet"}</p>
          {!query.status && (
            <p className="mt-1 text-sm text-neutral-500">
              Request one from a payment on a <Link href="/dashboard/static-accounts" className="text-accent hover:underline">static account</Link>, while it waits for settlement.
            </p>
          )}
        </Card>
      ) : (
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-left text-sm" data-testid="refunds-table">
            <thead className="text-xs uppercase text-neutral-500">
              <tr>
                <th className="px-4 py-2 font-medium">Refund</th>
                <th className="px-4 py-2 text-right font-medium">Amount</th>
                <th className="px-4 py-2 font-medium">Account</th>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2 font-medium">Requested</th>
                <th className="px-4 py-2 font-medium">Completed</th>
              </tr>
            </thead>
            <tbody>
              {result.items.map((r) => (
                <tr key={r.id} className="border-t border-neutral-100 hover:bg-neutral-50 dark:border-neutral-800 dark:hover:bg-neutral-900" data-testid="refund-row" data-refund-id={r.id}>
                  <td className="px-4 py-2">
                    <Link href={`/dashboard/refunds/${r.id}`} className="font-mono text-xs font-medium text-accent hover:underline">{r.id}</Link>
                    {r.reason && <p className="max-w-56 truncate text-xs text-neutral-500" title={r.reason}>{r.reason}</p>}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatNaira(r.amount)}</td>
                  <td className="px-4 py-2">
                    <Link href={`/dashboard/static-accounts/${r.staticAccountId}`} className="font-mono hover:underline">{r.accountNumber}</Link>
                    <p className="text-xs text-neutral-500">{r.customerName}</p>
                  </td>
                  <td className="px-4 py-2" data-testid="refund-status"><StatusBadge status={r.status} /></td>
                  <td className="px-4 py-2 whitespace-nowrap"><DateTime at={r.requestedAt} /></td>
                  <td className="px-4 py-2 whitespace-nowrap"><DateTime at={r.completedAt} /></td>
                </tr>
              ))}
            </tbody>
          </table>
          <Paging total={result.total} page={result.page} totalPages={result.total_pages} noun="refund" testId="refunds-total" link={(page) => listHref("/dashboard/refunds", { status: query.status, page })} />
        </Card>
      )}
    </div>
  );
}
