import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { ProductBanner } from "@/components/static-accounts/product-banner";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Paging } from "@/components/ui/paging";
import { ListHead, ListTable, Th } from "@/components/ui/list-table";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { formatNaira } from "@/lib/money";
import { listDashboardBatches, listDashboardPayouts, parseSettlementSearch } from "@/lib/settlement/dashboard-settlement";
import { getSettlementSettings } from "@/lib/settlement/settlement-settings";
import { SettlementDestinationText } from "@/components/settlements/settlement-destination-text";

export const metadata: Metadata = { title: "Settlements" };

export default async function SettlementsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parseSettlementSearch(await searchParams);
  const { scope } = ctx;
  const [settings, batches, payouts] = await Promise.all([
    getSettlementSettings(ctx.db, scope),
    listDashboardBatches(ctx.db, { ...scope, page: query.page }),
    listDashboardPayouts(ctx.db, { ...scope, page: query.payouts_page }),
  ]);
  const link = (page: number, payoutsPage: number) => `/dashboard/settlements?page=${page}&payouts_page=${payoutsPage}`;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold">Settlements</h1>
        <p className="mt-1 text-sm text-neutral-500">Static-account payments are batched at each cutoff and paid out to the settlement destination.</p>
      </div>
      <ProductBanner state={ctx.merchant.staticAccounts} compact />
      <Card className="max-w-xl space-y-2" data-testid="settlement-destination-summary">
        <CardTitle>Settlement destination</CardTitle>
        <SettlementDestinationText settings={settings} />
        <Link href="/dashboard/settings/settlement" className="text-sm font-medium text-accent hover:underline" data-testid="settlement-destination-link">
          Change it in Settings → Settlement destination
        </Link>
      </Card>

      <section className="space-y-2">
        <h2 className="text-base font-semibold">Batches</h2>
        {batches.items.length === 0 ? (
          <Card className="py-10 text-center text-sm text-neutral-500" data-testid="batches-empty">
            No settlement batches yet. Payments into static accounts are batched at the next cutoff.
          </Card>
        ) : (
          <ListTable
            testId="batches-table"
            footer={
              <Paging
                total={batches.total}
                page={batches.page}
                totalPages={batches.total_pages}
                noun="batch"
                testId="batches-total"
                link={(p) => link(p, query.payouts_page)}
              />
            }
          >
            <ListHead>
              <Th>Cutoff</Th>
              <Th right>Payments</Th>
              <Th right>Gross</Th>
              <Th right>Fees</Th>
              <Th right>Net</Th>
              <Th>Status</Th>
            </ListHead>
            <tbody>
              {batches.items.map((b) => (
                <tr key={b.id} className="border-t border-neutral-100 dark:border-neutral-800" data-testid="batch-row">
                  <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                    <DateTime at={b.cutoffAt} />
                  </td>
                  <td data-label="Payments" className="px-4 py-2 text-right tabular-nums">
                    {b.paymentCount}
                  </td>
                  <td data-label="Gross" className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                    {formatNaira(b.gross)}
                  </td>
                  <td data-label="Fees" className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                    {formatNaira(b.fees)}
                  </td>
                  <td data-phone="amount" className="whitespace-nowrap px-4 py-2 text-right font-medium tabular-nums" data-testid="batch-net">
                    {formatNaira(b.net)}
                  </td>
                  <td data-phone="status" className="px-4 py-2">
                    <StatusBadge status={b.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </section>

      <section className="space-y-2">
        <h2 className="text-base font-semibold">Payouts</h2>
        {payouts.items.length === 0 ? (
          <Card className="py-10 text-center text-sm text-neutral-500" data-testid="payouts-empty">
            No payouts yet.
          </Card>
        ) : (
          <ListTable
            testId="payouts-table"
            footer={<Paging total={payouts.total} page={payouts.page} totalPages={payouts.total_pages} noun="payout" link={(p) => link(query.page, p)} />}
          >
            <ListHead>
              <Th>Reference</Th>
              <Th right>Amount</Th>
              <Th>Destination</Th>
              <Th>Status</Th>
              <Th>Batch cutoff</Th>
              <Th>Completed</Th>
            </ListHead>
            <tbody>
              {payouts.items.map((p) => (
                <tr key={p.id} className="border-t border-neutral-100 align-top dark:border-neutral-800" data-testid="payout-row">
                  <td data-phone="primary" className="px-4 py-2 font-mono text-xs">
                    {p.reference}
                    {p.attempt > 1 && <p className="text-neutral-500">attempt {p.attempt}</p>}
                  </td>
                  <td data-phone="amount" className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                    {formatNaira(p.amount)}
                  </td>
                  <td data-label="Destination" className="px-4 py-2">
                    {p.destination === "wallet" ? "Wallet" : "Bank account"}
                  </td>
                  <td data-phone="status" className="px-4 py-2">
                    <StatusBadge status={p.status} />
                    {p.failureReason && <p className="text-xs text-red-700">{p.failureReason}</p>}
                  </td>
                  <td data-label="Batch cutoff" className="px-4 py-2 whitespace-nowrap">
                    <DateTime at={p.cutoffAt} />
                  </td>
                  <td data-label="Completed" data-phone="date" className="px-4 py-2 whitespace-nowrap">
                    <DateTime at={p.completedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </section>
    </div>
  );
}
