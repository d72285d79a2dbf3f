import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { ProductBanner } from "@/components/static-accounts/product-banner";
import { RequestRefundButton } from "@/components/static-accounts/request-refund-button";
import { StaticAccountActions } from "@/components/static-accounts/static-account-actions";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { Paging } from "@/components/ui/paging";
import { ListHead, ListTable, Th } from "@/components/ui/list-table";
import { relativeTime } from "@/components/virtual-accounts/expiry-hint";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { formatNaira } from "@/lib/money";
import { flattenSearch } from "@/lib/lists/paging";
import { getDashboardStaticAccount, listDashboardStaticPayments } from "@/lib/static-accounts/dashboard-queries";
import { SimulatePayment } from "@/components/sandbox/simulate-payment";

export const metadata: Metadata = { title: "Static account" };

const IDENTITY = { bvn: "BVN", nin: "NIN", rc: "CAC" } as const;

export default async function StaticAccountPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { id } = await params;
  const sa = await getDashboardStaticAccount(ctx.db, { ...ctx.scope, id: decodeURIComponent(id) });
  if (!sa) notFound();
  const page = Math.max(1, Number.parseInt(flattenSearch(await searchParams).page ?? "1", 10) || 1);
  const payments = await listDashboardStaticPayments(ctx.db, { ...ctx.scope, staticAccountId: sa.id, page, page_size: 20 });
  const enabled = ctx.merchant.staticAccounts === "enabled";
  const canManage = enabled && rolePolicy.createReceivables(ctx.role);
  const canRefund = enabled && rolePolicy.moveMoney(ctx.role, ctx.mode);
  const now = new Date();
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  );
  return (
    <div className="space-y-5">
      <Link href="/dashboard/static-accounts" className="text-sm text-accent hover:underline">
        ← Static accounts
      </Link>
      <ProductBanner state={ctx.merchant.staticAccounts} compact />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="flex items-center gap-2">
            <span className="font-mono text-3xl font-semibold tracking-wider" data-testid="sa-account-number">
              {sa.accountNumber}
            </span>
            <CopyButton value={sa.accountNumber} label="Copy account number" />
          </p>
          <p className="text-lg font-medium" data-testid="sa-bank-name">
            {sa.bankName}
          </p>
          <p className="text-sm text-neutral-600">{sa.accountName}</p>
          <p className="mt-2" data-testid="sa-status">
            <StatusBadge status={sa.status} />
          </p>
        </div>
        {canManage ? (
          <StaticAccountActions id={sa.id} accountNumber={sa.accountNumber} status={sa.status} />
        ) : (
          enabled && (
            <p className="text-xs text-neutral-500" data-testid="role-hint">
              {roleHint(ctx.role, "disable, enable or delete accounts")}
            </p>
          )
        )}
      </div>
      <SimulatePayment mode={ctx.mode} role={ctx.role} target="static_account" id={sa.id} />
      {sa.status === "suspended" && (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900" role="status">
          Owo suspended this account: it takes no payments and cannot be enabled from here. Contact Owo support.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <Card>
          <CardTitle>Total received</CardTitle>
          <p className="mt-1 text-xl font-semibold tabular-nums" data-testid="sa-total-received">
            {formatNaira(sa.totalReceived)}
          </p>
        </Card>
        <Card>
          <CardTitle>Payments</CardTitle>
          <p className="mt-1 text-xl font-semibold tabular-nums" data-testid="sa-inflow-count">
            {sa.inflowCount}
          </p>
        </Card>
        <Card>
          <CardTitle>Last payment</CardTitle>
          <p className="mt-1 text-sm">
            {sa.lastPaymentAt ? (
              <>
                <DateTime at={sa.lastPaymentAt} /> <span className="text-neutral-500">({relativeTime(sa.lastPaymentAt, now)})</span>
              </>
            ) : (
              "None yet"
            )}
          </p>
        </Card>
      </div>
      <Card>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
          {row(
            "Id",
            <span className="flex items-center gap-1 font-mono text-xs">
              {sa.id}
              <CopyButton value={sa.id} label="Copy id" />
            </span>,
          )}
          {row(
            "Reference",
            <span className="flex items-center gap-1 font-mono text-xs" data-testid="sa-reference">
              {sa.reference}
              <CopyButton value={sa.reference} label="Copy reference" />
            </span>,
          )}
          {row("Customer", <span data-testid="sa-customer-name">{sa.customerName}</span>)}
          {row(
            "Identity",
            <span className="font-mono" data-testid="sa-identity">
              {IDENTITY[sa.identityType]} •••••••{sa.identityLast4}
            </span>,
          )}
          {row("Email", sa.customerEmail ?? "—")}
          {row("Phone", sa.customerPhone ?? "—")}
          {row("Currency", sa.currency)}
          {row("Created", <DateTime at={sa.createdAt} />)}
          {sa.disabledAt && row("Disabled", <DateTime at={sa.disabledAt} />)}
          {sa.suspendedAt && row("Suspended", <DateTime at={sa.suspendedAt} />)}
          {sa.deletedAt && row("Deleted", <DateTime at={sa.deletedAt} />)}
        </dl>
      </Card>
      <section className="space-y-2">
        <h2 className="text-base font-semibold">Payments</h2>
        {payments.items.length === 0 ? (
          <Card className="py-10 text-center text-sm text-neutral-500" data-testid="sa-payments-empty">
            No payments yet. Transfers to {sa.accountNumber} at {sa.bankName} appear here
            {ctx.mode === "test" ? " (in test mode, try one with Simulate a payment)" : ""}.
          </Card>
        ) : (
          <ListTable
            testId="sa-payments-table"
            footer={
              <Paging
                total={payments.total}
                page={payments.page}
                totalPages={payments.total_pages}
                noun="payment"
                link={(n) => `/dashboard/static-accounts/${sa.id}?page=${n}`}
              />
            }
          >
            <ListHead>
              <Th>Received</Th>
              <Th right>Amount</Th>
              <Th right>Net</Th>
              <Th>Payer</Th>
              <Th>Settlement</Th>
              <Th>Refund</Th>
            </ListHead>
            <tbody>
              {payments.items.map((p) => (
                <tr
                  key={p.id}
                  className="border-t border-neutral-100 align-top dark:border-neutral-800"
                  data-testid="sa-payment-row"
                  data-reference={p.reference}
                >
                  <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                    <DateTime at={p.receivedAt} />
                    <p className="font-mono text-xs">
                      <Link href={`/dashboard/payments/${encodeURIComponent(p.reference)}`} className="text-accent hover:underline">
                        {p.reference}
                      </Link>
                    </p>
                  </td>
                  <td data-phone="amount" className="px-4 py-2 text-right tabular-nums">
                    {formatNaira(p.amount)}
                    <p className="text-xs text-neutral-500">fee {formatNaira(p.fee)}</p>
                  </td>
                  <td data-label="Net" className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                    {formatNaira(p.amount - p.fee)}
                  </td>
                  <td data-phone="primary" className="px-4 py-2">
                    {p.payer?.name ?? "—"}
                    {(p.payer?.bank || p.payer?.account) && (
                      <p className="text-xs text-neutral-500">{[p.payer?.bank, p.payer?.account].filter(Boolean).join(" · ")}</p>
                    )}
                    {p.narration && <p className="text-xs text-neutral-500">“{p.narration}”</p>}
                  </td>
                  <td data-label="Settlement" className="px-4 py-2">
                    <span data-testid="sa-payment-settlement">
                      <StatusBadge status={p.settlementStatus} />
                    </span>
                    <p className="text-xs text-neutral-500">
                      {p.settledAt ? (
                        <>
                          settled <DateTime at={p.settledAt} />
                        </>
                      ) : p.settlementStatus === "pending_settlement" || p.settlementStatus === "batched" ? (
                        <>
                          payout expected <DateTime at={p.expectedPayoutAt} />
                        </>
                      ) : null}
                    </p>
                  </td>
                  <td data-label="Refund" className="px-4 py-2">
                    {p.refund && (
                      <Link href={`/dashboard/refunds/${p.refund.id}`} className="inline-flex items-center gap-1" data-testid="sa-payment-refund">
                        <StatusBadge status={p.refund.status} />
                      </Link>
                    )}
                    {p.refundable && canRefund && (
                      <div className={p.refund ? "mt-1" : undefined}>
                        <RequestRefundButton accountId={sa.id} paymentId={p.id} amount={p.amount} payerName={p.payer?.name ?? null} />
                      </div>
                    )}
                    {!p.refund && !(p.refundable && canRefund) && <span className="text-neutral-500 dark:text-neutral-400">—</span>}
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
