import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { channelLabel } from "@/components/payments/payment-labels";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { formatNaira } from "@/lib/money";
import { MerchantRefundDecision } from "@/components/refunds/merchant-refund-decision";
import { rolePolicy } from "@/lib/auth/role-policy";
import { getDashboardRefund } from "@/lib/refunds/dashboard-refunds";
import { refundShares } from "@/lib/refunds/wallet-refunds";

export const metadata: Metadata = { title: "Refund" };

const STATUS_TEXT = {
  requested: "Waiting for Owo's review. The money is held meanwhile.",
  processing: "Approved: the money is on its way back to the payer.",
  completed: "The money is back with the payer; charge.refunded was sent to your webhook.",
  failed: "The bank could not return the money.",
  rejected: "Declined: the held money is yours again.",
} as const;

/** Test mode (supplement §10): the merchant decides its own refunds. */
const TEST_REQUESTED_TEXT = "Test mode: approve or reject it yourself. The money is held meanwhile.";

export default async function RefundPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { id } = await params;
  const found = await getDashboardRefund(ctx.db, { ...ctx.scope, id: decodeURIComponent(id) });
  if (!found) notFound();
  const { refund, payment, account } = found;
  const whole = payment.amount === null || refund.amount === payment.amount;
  // What the refund holds from the wallet (a static-account payment's is held from settlement instead).
  const held = !account && payment.amount !== null && payment.fee !== null ? refundShares(refund, { amount: payment.amount, fee: payment.fee }).wallet : null;
  const merchantDecides = refund.mode === "test" && refund.status === "requested" && rolePolicy.moveMoney(ctx.role, ctx.mode);
  const timeline = [
    { label: "Requested", at: refund.requestedAt, note: refund.reason },
    refund.reviewedAt ? { label: refund.status === "rejected" ? "Rejected" : "Approved", at: refund.reviewedAt, note: refund.rejectionReason } : null,
    refund.status === "completed" && refund.completedAt ? { label: "Completed: returned to the payer", at: refund.completedAt, note: null } : null,
    refund.status === "failed" ? { label: "Failed", at: refund.completedAt ?? refund.updatedAt, note: refund.failureReason } : null,
  ].filter((e) => e !== null);
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  );
  return (
    <div className="space-y-5">
      <AutoRefresh active={refund.status === "requested" || refund.status === "processing"} everyMs={5_000} />
      <Link href="/dashboard/refunds" className="text-sm text-accent hover:underline">
        ← Refunds
      </Link>
      <div>
        <p className="text-2xl font-semibold tabular-nums" data-testid="refund-amount">
          {formatNaira(refund.amount)}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2">
          <span data-testid="refund-status">
            <StatusBadge status={refund.status} />
          </span>
          <span className="text-sm text-neutral-600">
            {refund.mode === "test" && refund.status === "requested" ? TEST_REQUESTED_TEXT : STATUS_TEXT[refund.status]}
          </span>
        </p>
        {merchantDecides && (
          <div className="mt-3">
            <MerchantRefundDecision
              refundId={refund.id}
              amount={formatNaira(refund.amount)}
              payer={payment.payer?.name ?? "the payer"}
              held={held === null ? null : formatNaira(held)}
            />
          </div>
        )}
      </div>
      <Card>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
          {row(
            "Refund id",
            <span className="flex items-center gap-1 font-mono text-xs" data-testid="refund-id">
              {refund.id}
              <CopyButton value={refund.id} label="Copy refund id" />
            </span>,
          )}
          {payment.amount !== null &&
            row(
              "Refund of",
              <span data-testid="refund-scope">
                {whole ? `The whole payment, ${formatNaira(payment.amount)}` : `Part of a ${formatNaira(payment.amount)} payment`}
              </span>,
            )}
          {held !== null &&
            row(
              "From your wallet",
              <span data-testid="refund-held">
                {formatNaira(held)}
                {whole && payment.fee ? ` (the payment's net; its ${formatNaira(payment.fee)} fee is returned by Owo)` : ""}
              </span>,
            )}
          {row("Reason", refund.reason ?? "—")}
          {refund.rejectionReason && row("Rejection reason", <span data-testid="refund-rejection-reason">{refund.rejectionReason}</span>)}
          {refund.failureReason && row("Failure reason", refund.failureReason)}
          {row(
            "Payment",
            <Link href={`/dashboard/payments/${encodeURIComponent(payment.reference)}`} className="font-mono text-xs text-accent hover:underline">
              {payment.reference}
            </Link>,
          )}
          {row("Paid by", [payment.payer?.name, payment.payer?.bank, payment.payer?.account].filter(Boolean).join(" · ") || "—")}
          {row("Channel", <span data-testid="refund-channel">{channelLabel(refund.channel)}</span>)}
          {payment.settlementStatus && row("Payment settlement", <StatusBadge status={payment.settlementStatus} />)}
          {account &&
            row(
              "Static account",
              <Link href={`/dashboard/static-accounts/${account.id}`} className="font-mono text-accent hover:underline">
                {account.accountNumber}
              </Link>,
            )}
          {account && row("Customer", `${account.customerName} (${account.reference})`)}
        </dl>
      </Card>
      <Card>
        <CardTitle className="mb-3">Timeline</CardTitle>
        <ol className="space-y-2 text-sm" data-testid="refund-timeline">
          {timeline.map((e) => (
            <li key={e.label} className="flex gap-3">
              <DateTime at={e.at} seconds className="w-44 shrink-0 text-neutral-500" />
              <span>
                {e.label}
                {e.note && <span className="text-neutral-500"> — {e.note}</span>}
              </span>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
