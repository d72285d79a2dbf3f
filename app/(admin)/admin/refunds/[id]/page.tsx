import { TableScroll } from "@/components/ui/table-scroll";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { RefundDecision } from "@/components/admin/refund-decision";
import { channelLabel } from "@/components/payments/payment-labels";
import { RetryRefundButton } from "@/components/admin/retry-refund-button";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { formatDateTime } from "@/components/ui/format-time";
import { getDb } from "@/db/client";
import { getRefundReview, refundReviewTimeline } from "@/lib/admin/refund-reviews";
import { refundMoneySource } from "@/lib/admin/refund-money-source";
import { requireAdmin } from "@/lib/admin/require-admin";
import { formatNaira } from "@/lib/money";
import { TimelineCard } from "@/components/ui/timeline-card";

export const metadata: Metadata = { title: "Refund review" };

const when = (d: Date | null) => (d ? <DateTime at={d} seconds /> : "—");

export default async function RefundReviewPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  const review = await getRefundReview(await getDb(), decodeURIComponent(id));
  if (!review) notFound();
  const { refund, payment, account, merchant, charge } = review;
  const recorded = (payment?.payer ?? charge?.payer ?? {}) as { name?: string | null; bank?: string | null; account?: string | null };
  const payer = { name: recorded.name ?? null, bank: recorded.bank ?? null, account: recorded.account ?? null };
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd>{value}</dd>
    </>
  );
  const others = review.accountRefunds.filter((r) => r.id !== refund.id);
  return (
    <div className="space-y-5">
      <Link href="/admin/refunds" className="text-sm text-accent hover:underline">
        ← Refund reviews
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-2xl font-semibold tabular-nums" data-testid="refund-amount">
            {formatNaira(refund.amount)}
          </p>
          <div className="mt-1 flex items-center gap-2 text-sm">
            <span data-testid="refund-status">
              <StatusBadge status={refund.status} />
            </span>
            <span className="flex items-center gap-1 font-mono text-xs text-neutral-500">
              {refund.id}
              <CopyButton value={refund.id} label="Copy refund id" />
            </span>
            {refund.mode === "test" && <span className="rounded bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-900">Test data</span>}
          </div>
        </div>
        {refund.status === "requested" && (
          <RefundDecision
            refundId={refund.id}
            amount={formatNaira(refund.amount)}
            payer={payer.name ?? "the payer"}
            merchant={merchant.name}
            source={refundMoneySource(refund, payment ?? charge)}
          />
        )}
        {refund.status === "processing" && <RetryRefundButton refundId={refund.id} />}
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <h2 className="mb-3 font-medium">Request</h2>
          <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2 text-sm">
            {(payment ?? charge) &&
              row(
                "Refund of",
                <span data-testid="refund-scope">
                  {refund.amount === (payment ?? charge)!.amount
                    ? "The whole payment"
                    : `Part of a ${formatNaira((payment ?? charge)!.amount)} payment (no fee returned)`}
                </span>,
              )}
            {row("Reason", <span data-testid="refund-reason">{refund.reason ?? "No reason given"}</span>)}
            {row("Requested", when(refund.requestedAt))}
            {refund.reviewedAt &&
              row(
                "Decided",
                <>
                  {when(refund.reviewedAt)} by {review.reviewedBy ?? "—"}
                </>,
              )}
            {refund.rejectionReason && row("Rejection reason", <span data-testid="refund-rejection-reason">{refund.rejectionReason}</span>)}
            {refund.failureReason &&
              row(
                "Bank failure",
                <span className="text-red-700" data-testid="refund-failure-reason">
                  {refund.failureReason}
                </span>,
              )}
            {refund.completedAt && row("Paid back", when(refund.completedAt))}
          </dl>
        </Card>
        <Card>
          <h2 className="mb-3 font-medium">Payer (money goes back here)</h2>
          <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2 text-sm" data-testid="refund-payer">
            {row("Name", payer.name ?? "—")}
            {row("Bank", payer.bank ?? "—")}
            {row("Account", <span className="font-mono">{payer.account ?? "—"}</span>)}
          </dl>
        </Card>
        <Card>
          <h2 className="mb-3 font-medium">Merchant and account</h2>
          <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2 text-sm">
            {row(
              "Merchant",
              <Link href={`/admin/merchants/${merchant.id}`} className="text-accent hover:underline" data-testid="refund-merchant">
                {merchant.name}
              </Link>,
            )}
            {row("Channel", <span data-testid="refund-channel">{channelLabel(refund.channel)}</span>)}
            {account && (
              <>
                {row("Product", <StatusBadge status={merchant.staticAccounts} />)}
                {row(
                  "Account",
                  <>
                    <span className="font-mono">{account.accountNumber}</span> · {account.bankName} <StatusBadge status={account.status} />
                  </>,
                )}
                {row(
                  "Customer",
                  <>
                    {account.customerName} ({account.identityType.toUpperCase()} ••••{account.identityLast4})
                  </>,
                )}
                {row("Account since", when(account.createdAt))}
                {row(
                  "Received so far",
                  <>
                    {formatNaira(account.totalReceived)} in {account.inflowCount} payments
                  </>,
                )}
              </>
            )}
            {!account && charge?.customerName && row("Customer", charge.customerName)}
          </dl>
        </Card>
        <Card>
          <h2 className="mb-3 font-medium">Payment</h2>
          <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2 text-sm">
            {row(
              "Reference",
              <span className="flex items-center gap-1 font-mono text-xs">
                {refund.paymentReference}
                <CopyButton value={refund.paymentReference} label="Copy reference" />
              </span>,
            )}
            {(payment ?? charge) && row("Amount", formatNaira((payment ?? charge)!.amount))}
            {(payment ?? charge) &&
              row(
                "Fee · net",
                <>
                  {formatNaira((payment ?? charge)!.fee)} · {formatNaira((payment ?? charge)!.amount - (payment ?? charge)!.fee)}
                </>,
              )}
            {row("Received", when(payment?.receivedAt ?? charge?.paidAt ?? null))}
            {row("Narration", payment?.narration ?? charge?.narration ?? "—")}
            {payment &&
              row(
                "Settlement",
                <span data-testid="refund-payment-settlement">
                  <StatusBadge status={payment.settlementStatus} />
                </span>,
              )}
            {payment && row("Expected payout", when(payment.expectedPayoutAt))}
            {!payment &&
              charge &&
              row(
                "Status",
                <span data-testid="refund-payment-status">
                  <StatusBadge status={charge.status} />
                </span>,
              )}
          </dl>
        </Card>
      </div>

      {payment && (
        <Card className="p-0">
          <h2 className="border-b border-neutral-200 px-4 py-3 font-medium dark:border-neutral-800">
            This account&apos;s payments (latest {review.accountPayments.length})
          </h2>
          <TableScroll label="This account's payments">
            <table className="w-full text-left text-sm" data-testid="account-history">
              <tbody>
                {review.accountPayments.map((p) => (
                  <tr
                    key={p.id}
                    className={`border-t border-neutral-100 first:border-0 dark:border-neutral-800 ${p.id === payment.id ? "bg-blue-50/60 dark:bg-blue-950/30" : ""}`}
                  >
                    <td className="px-4 py-2 font-mono text-xs">
                      {p.reference}
                      {p.id === payment.id && <span className="ml-2 font-sans text-blue-800">this payment</span>}
                    </td>
                    <td className="px-4 py-2">{p.payer?.name ?? "—"}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{formatNaira(p.amount)}</td>
                    <td className="px-4 py-2">
                      <StatusBadge status={p.settlementStatus} />
                    </td>
                    <td className="px-4 py-2 text-right text-neutral-600 dark:text-neutral-400">{formatDateTime(p.receivedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Card>
      )}

      <Card className="p-0">
        <h2 className="border-b border-neutral-200 px-4 py-3 font-medium dark:border-neutral-800">
          {account ? "Other refunds on this account" : "Other refunds of this payment"}
        </h2>
        {others.length === 0 ? (
          <p className="px-4 py-3 text-sm text-neutral-500" data-testid="no-other-refunds">
            {account ? "None: this is the account\u2019s first refund request." : "None: this is the payment\u2019s first refund request."}
          </p>
        ) : (
          <TableScroll label="Other refunds">
            <table className="w-full text-left text-sm">
              <tbody>
                {others.map((r) => (
                  <tr key={r.id} className="border-t border-neutral-100 first:border-0 dark:border-neutral-800">
                    <td className="px-4 py-2 font-mono text-xs">
                      <Link href={`/admin/refunds/${r.id}`} className="text-accent hover:underline">
                        {r.id}
                      </Link>
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums">{formatNaira(r.amount)}</td>
                    <td className="px-4 py-2">
                      <StatusBadge status={r.status} />
                    </td>
                    <td className="px-4 py-2">{r.reason ?? "—"}</td>
                    <td className="px-4 py-2 text-right text-neutral-600 dark:text-neutral-400">{formatDateTime(r.requestedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Card>

      <TimelineCard testId="refund-timeline" entryTestId="refund-timeline-entry" entries={refundReviewTimeline(review)} />
    </div>
  );
}
