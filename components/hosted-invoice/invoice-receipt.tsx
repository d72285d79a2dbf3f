"use client";

import { CircleCheck, Printer } from "lucide-react";
import { HostedCard } from "@/components/hosted/hosted-shell";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import type { InvoicePagePayment, InvoicePageView } from "@/lib/hosted/invoice-page";
import { formatNaira } from "@/lib/money";
import { channelLabel } from "./invoice-format";

/** A paid invoice: the receipt (every payment, the totals), printable. */
export function InvoiceReceipt({ view, justNow }: { view: InvoicePageView; justNow: boolean }) {
  return (
    <HostedCard className="space-y-4">
      <div className="space-y-4" data-testid="invoice-receipt" aria-live="polite">
        <div className="text-center">
          <CircleCheck className="mx-auto h-12 w-12 text-green-600" aria-hidden />
          <h2 className="mt-2 text-xl font-semibold">{justNow ? "Payment received. Thank you!" : "This invoice is paid"}</h2>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
            Receipt for {view.invoiceNumber} from {view.merchantName}
            {view.paidAt && (
              <>
                , paid in full on <DateTime at={view.paidAt} />
              </>
            )}
            .
          </p>
        </div>
        <PaymentList payments={view.payments} title="Payments" />
        <dl className="space-y-1.5 border-t border-neutral-200 pt-3 text-sm dark:border-neutral-800">
          <Row label="Invoice total" value={view.total} />
          <Row label="Total paid" value={view.amountPaid} strong />
          <Row label="Remaining" value={view.amountRemaining} />
        </dl>
      </div>
      <Button variant="secondary" className="w-full print:hidden" onClick={() => window.print()} data-testid="invoice-print">
        <Printer className="h-4 w-4" aria-hidden /> Print receipt
      </Button>
    </HostedCard>
  );
}

/** Payments made so far, oldest first: when, how much, how, and the reference to quote. */
export function PaymentList({ payments, title }: { payments: InvoicePagePayment[]; title: string }) {
  if (payments.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="mb-1 text-xs font-medium tracking-wide text-neutral-500 uppercase">{title}</h3>
      <ul
        className="divide-y divide-neutral-100 rounded-lg ring-1 ring-neutral-200 dark:divide-neutral-800 dark:ring-neutral-800"
        data-testid="invoice-payments"
      >
        {payments.map((p) => (
          <li key={p.reference} className="px-3 py-2 text-sm" data-testid="invoice-payment">
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-semibold tabular-nums" data-testid="invoice-payment-amount">
                {formatNaira(p.amount)}
              </span>
              <span className="text-neutral-600 dark:text-neutral-400" data-testid="invoice-payment-channel">
                {channelLabel(p.channel)}
              </span>
            </div>
            <div className="mt-0.5 flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-neutral-500">
              <DateTime at={p.paidAt} />
              <span className="font-mono break-all" data-testid="invoice-payment-reference">
                {p.reference}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Row({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 ${strong ? "font-semibold" : "text-neutral-700 dark:text-neutral-300"}`}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{formatNaira(value)}</dd>
    </div>
  );
}
