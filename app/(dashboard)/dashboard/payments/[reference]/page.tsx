import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { channelLabel, destinationLabel } from "@/components/payments/payment-labels";
import { PayerDetails } from "@/components/payments/payer-details";
import { PaymentRefund } from "@/components/refunds/payment-refund";
import { MoneyBreakdownCard } from "@/components/trail/money-breakdown-card";
import { TrailEventsCard } from "@/components/trail/record-trail-cards";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { formatDateTime } from "@/components/ui/format-time";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { getRecordTrail } from "@/lib/ledger/record-trail";
import { formatNaira } from "@/lib/money";
import { findPayment, type PaymentDetail } from "@/lib/payments/get-payment";
import { payerName } from "@/lib/payments/list-payments";
import { paymentRefunds, refundSummary } from "@/lib/refunds/dashboard-refunds";
import { findDashboardStaticPaymentByReference } from "@/lib/static-accounts/dashboard-queries";

export const metadata: Metadata = { title: "Payment" };

export default async function PaymentPage({ params }: { params: Promise<{ reference: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { reference } = await params;
  const payment = await findPayment(ctx.db, { ...ctx.scope, reference: decodeURIComponent(reference) });
  if (!payment) notFound();
  const [trail, sa, refunds] = await Promise.all([
    getRecordTrail(ctx.db, { merchantId: payment.merchantId, mode: payment.mode, reference: payment.reference }),
    payment.destinationKind === "static_account" ? findDashboardStaticPaymentByReference(ctx.db, { ...ctx.scope, reference: payment.reference }) : null,
    paymentRefunds(ctx.db, { ...ctx.scope, reference: payment.reference }),
  ]);
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd>{value}</dd>
    </>
  );
  const payer = payerName(payment);
  const va = payment.virtualAccount;
  return (
    <div className="space-y-5">
      <Link href="/dashboard/payments" className="text-sm text-accent hover:underline">
        ← Payments
      </Link>
      <div>
        <p className="text-2xl font-semibold tabular-nums" data-testid="payment-amount">
          {formatNaira(payment.amount)}
        </p>
        <div className="mt-1 flex items-center gap-2">
          <span data-testid="payment-status">
            <StatusBadge status={payment.status} />
          </span>
          <span className="text-sm text-neutral-600">
            {payer ? `from ${payer}` : "payer not reported"} · {channelLabel(payment.channel)}
          </span>
        </div>
      </div>
      <Card>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
          {row(
            "Reference",
            <span className="flex items-center gap-1 font-mono text-xs" data-testid="payment-reference">
              {payment.reference}
              <CopyButton value={payment.reference} label="Copy reference" />
            </span>,
          )}
          {payment.merchantReference &&
            row(
              "Your reference",
              <span className="flex items-center gap-1 font-mono text-xs">
                {payment.merchantReference}
                <CopyButton value={payment.merchantReference} label="Copy your reference" />
              </span>,
            )}
          {row("Channel", channelLabel(payment.channel))}
          {row("Payer", <PayerDetails payer={payment.payer} fallbackName={payment.customerName} />)}
          {(payment.customerEmail || payment.customerName) && row("Customer", [payment.customerName, payment.customerEmail].filter(Boolean).join(" · "))}
          {row(
            "Paid to",
            <span data-testid="payment-destination">
              {destinationLabel(payment.destinationKind)}
              {payment.session && (
                <>
                  {" · "}
                  <Link
                    href={`/dashboard/sessions/${payment.session.id}`}
                    className="font-mono text-xs text-accent hover:underline"
                    data-testid="payment-session-link"
                  >
                    {payment.session.reference}
                  </Link>
                </>
              )}
              {payment.invoice && (
                <>
                  {" · "}
                  <Link
                    href={`/dashboard/invoices/${payment.invoice.publicId}`}
                    className="font-mono text-xs text-accent hover:underline"
                    data-testid="payment-invoice-link"
                  >
                    {payment.invoice.invoiceNumber}
                  </Link>
                </>
              )}
              {payment.payIdText && (
                <>
                  {" · "}
                  <PayIdLink payment={payment} />
                </>
              )}
              {sa && (
                <>
                  {" · "}
                  <Link
                    href={`/dashboard/static-accounts/${sa.account.id}`}
                    className="font-mono text-xs text-accent hover:underline"
                    data-testid="payment-static-account-link"
                  >
                    {sa.account.accountNumber} · {sa.account.bankName}
                  </Link>
                </>
              )}
              {va && (
                <>
                  {" · "}
                  <Link href={`/dashboard/virtual-accounts/${va.publicId}`} className="font-mono text-xs text-accent hover:underline">
                    {va.accountNumber ?? "no number"} · {va.bankName}
                  </Link>
                </>
              )}
            </span>,
          )}
          {sa &&
            row(
              "Settlement",
              <span className="flex flex-wrap items-center gap-2" data-testid="payment-settlement">
                <StatusBadge status={sa.payment.settlementStatus} />
                {sa.payment.settledAt ? (
                  <>settled {formatDateTime(sa.payment.settledAt)}</>
                ) : sa.payment.settlementStatus === "pending_settlement" || sa.payment.settlementStatus === "batched" ? (
                  <>payout expected {formatDateTime(sa.payment.expectedPayoutAt)}</>
                ) : null}
                {sa.payment.refund && (
                  <Link href={`/dashboard/refunds/${sa.payment.refund.id}`} className="text-accent hover:underline">
                    refund {sa.payment.refund.status}
                  </Link>
                )}
              </span>,
            )}
          {row(
            "Refunds",
            <PaymentRefund
              payment={{ ...payment, payerName: payer }}
              refunds={refunds}
              summary={refundSummary(payment, refunds)}
              role={ctx.role}
              mode={ctx.mode}
              refundable={sa ? sa.payment.refundable : true}
            />,
          )}
          {payment.narration && row("Narration", payment.narration)}
          {row("Paid", formatDateTime(payment.paidAt, { seconds: true }))}
        </dl>
      </Card>
      <MoneyBreakdownCard
        testId="payment-breakdown"
        rows={[
          { label: "Amount paid", kobo: payment.amount },
          { label: "Fee", kobo: payment.fee },
          { label: "VAT", kobo: 0 },
          { label: "Stamp duty", kobo: 0 },
          { label: "Net to you", kobo: payment.amount - payment.fee, total: true },
        ]}
      />
      <TrailEventsCard events={trail.events} testId="payment-events" empty="No webhook events (no key linked to where this payment was made)." />
    </div>
  );
}

/** The PayID paid, linking to its page when it is a static or dynamic one (a wallet PayID has none). */
function PayIdLink({ payment: p }: { payment: PaymentDetail }) {
  const text = `${p.payIdText}${p.staticPayIdName || p.dynamicPayIdName ? ` (${p.staticPayIdName ?? p.dynamicPayIdName})` : ""}`;
  const href = p.staticPayIdId ? `/dashboard/payids/static/${p.staticPayIdId}` : p.dynamicPayIdId ? `/dashboard/payids/dynamic/${p.dynamicPayIdId}` : null;
  // A wallet PayID is written @handle, as everywhere else.
  return href ? (
    <Link href={href} className="font-mono text-xs text-accent hover:underline">
      {text}
    </Link>
  ) : (
    <span className="font-mono text-xs">@{text}</span>
  );
}
