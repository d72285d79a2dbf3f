import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { channelLabel } from "@/components/payments/payment-labels";
import { ProductBanner } from "@/components/static-accounts/product-banner";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { StatusBadge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { FilterBar, FilterField, StatusOptions } from "@/components/ui/filter-bar";
import { Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { REFUND_STATUSES } from "@/lib/refunds/list-refunds";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { formatNaira } from "@/lib/money";
import { listDashboardRefunds, parseRefundSearch } from "@/lib/refunds/dashboard-refunds";

export const metadata: Metadata = { title: "Refunds" };

export default async function RefundsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parseRefundSearch(await searchParams);
  const result = await listDashboardRefunds(ctx.db, { ...ctx.scope, ...query });
  const open = result.items.some((r) => r.status === "requested" || r.status === "processing");
  return (
    <div className="space-y-5">
      <AutoRefresh active={open} everyMs={5_000} />
      <div>
        <h1 className="text-xl font-semibold">Refunds</h1>
        <p className="mt-1 text-sm text-neutral-500">
          Refunds of your payments on every channel. Owo reviews each request before the money goes back to the payer.
        </p>
      </div>
      {ctx.merchant.staticAccounts !== "disabled" && <ProductBanner state={ctx.merchant.staticAccounts} compact />}
      <FilterBar action="/dashboard/refunds" clearHref={query.status && "/dashboard/refunds"}>
        <FilterField label="Status">
          <Select name="status" defaultValue={query.status ?? ""} data-testid="refund-status-filter">
            <StatusOptions statuses={REFUND_STATUSES} />
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <EmptyState testId="refunds-empty" title={<>{query.status ? `No ${query.status} refunds` : "No refunds yet"}</>}>
          {!query.status && (
            <EmptyHint>
              Request one from a completed payment&apos;s page in{" "}
              <Link href="/dashboard/payments" className="text-accent hover:underline">
                Payments
              </Link>
              .
            </EmptyHint>
          )}
        </EmptyState>
      ) : (
        <ListTable
          testId="refunds-table"
          footer={
            <Paging
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="refund"
              testId="refunds-total"
              link={(page) => listHref("/dashboard/refunds", { status: query.status, page })}
            />
          }
        >
          <ListHead>
            <Th>Refund</Th>
            <Th right>Amount</Th>
            <Th>Paid by</Th>
            <Th>Status</Th>
            <Th>Requested</Th>
            <Th>Completed</Th>
          </ListHead>
          <tbody>
            {result.items.map((r) => (
              <Row key={r.id} data-testid="refund-row" data-refund-id={r.id}>
                <td data-phone="primary" className="px-4 py-2">
                  <Link href={`/dashboard/refunds/${r.id}`} className="font-mono text-xs font-medium text-accent hover:underline">
                    {r.id}
                  </Link>
                  {r.reason && (
                    <p className="max-w-56 truncate text-xs text-neutral-500" title={r.reason}>
                      {r.reason}
                    </p>
                  )}
                </td>
                <td data-phone="amount" className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                  {formatNaira(r.amount)}
                </td>
                <td data-label="Paid by" className="px-4 py-2" data-testid="refund-channel">
                  {r.staticAccountId ? (
                    <>
                      <Link href={`/dashboard/static-accounts/${r.staticAccountId}`} className="font-mono hover:underline">
                        {r.accountNumber}
                      </Link>
                      <p className="text-xs text-neutral-500">{r.customerName}</p>
                    </>
                  ) : (
                    <>
                      {channelLabel(r.channel)}
                      <p className="max-w-40 truncate font-mono text-xs text-neutral-500">
                        <Link href={`/dashboard/payments/${encodeURIComponent(r.paymentReference)}`} className="hover:underline">
                          {r.paymentReference}
                        </Link>
                      </p>
                    </>
                  )}
                </td>
                <td data-phone="status" className="px-4 py-2" data-testid="refund-status">
                  <StatusBadge status={r.status} />
                </td>
                <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={r.requestedAt} />
                </td>
                <td data-label="Completed" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={r.completedAt} />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
