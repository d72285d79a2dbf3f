import { TriangleAlert } from "lucide-react";
import { HostedCard } from "@/components/hosted/hosted-shell";
import type { InvoicePageView } from "@/lib/hosted/invoice-page";
import { formatNaira } from "@/lib/money";
import { formatDueDate } from "@/components/invoices/invoice-format";
import { InvoiceStatusBadge } from "./invoice-status-badge";

/** The top of the page: who is asking, for how much, by when (DESIGN.md: merchant and amount first). */
export function InvoiceHeader({ view }: { view: InvoicePageView }) {
  const issued = view.status !== "draft";
  const headline = view.payable ? view.amountRemaining : view.total;
  return (
    <header className="mb-4 text-center">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Invoice from</p>
      <h1 className="mt-0.5 text-lg font-semibold break-words" data-testid="invoice-merchant-name">
        {view.merchantName}
      </h1>
      {issued && (
        <>
          <p className="mt-2 text-3xl font-bold tracking-tight tabular-nums" data-testid="invoice-headline-amount">
            {formatNaira(headline)}
          </p>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
            {view.payable ? (view.amountPaid > 0 ? "Still to pay" : "Amount due") : "Invoice total"}
          </p>
        </>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-center gap-2 text-sm">
        <span className="font-mono text-neutral-700 dark:text-neutral-300" data-testid="invoice-number">
          {view.invoiceNumber}
        </span>
        <InvoiceStatusBadge state={view.state} />
      </div>
      {issued && (
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          Due{" "}
          <span className="font-medium" data-testid="invoice-due-date">
            {formatDueDate(view.dueDate)}
          </span>
        </p>
      )}
    </header>
  );
}

/** Overdue, said plainly: the date has passed, and it can still be paid. */
export function OverdueNotice({ view }: { view: InvoicePageView }) {
  if (view.state !== "overdue") return null;
  return (
    <p
      role="status"
      className="mb-4 flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 dark:bg-red-950/40 dark:text-red-200 dark:ring-red-900"
      data-testid="invoice-overdue"
    >
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>
        This invoice was due on <strong>{formatDueDate(view.dueDate)}</strong> and is overdue.{view.payable ? " You can still pay it below." : ""}
      </span>
    </p>
  );
}

/** Customer, line items and the sums: what a paper invoice shows. */
export function InvoiceBreakdown({ view }: { view: InvoicePageView }) {
  return (
    <HostedCard className="space-y-4">
      <div>
        <h2 className="text-xs font-medium tracking-wide text-neutral-500 uppercase">Billed to</h2>
        <p className="mt-0.5 font-medium break-words" data-testid="invoice-customer">
          {view.customerName}
        </p>
        <p className="text-sm break-all text-neutral-600 dark:text-neutral-400">{view.customerEmail}</p>
      </div>

      <table className="w-full text-sm" data-testid="invoice-line-items">
        <caption className="sr-only">Items on invoice {view.invoiceNumber}</caption>
        <thead>
          <tr className="border-b border-neutral-200 text-left text-xs text-neutral-500 dark:border-neutral-800">
            <th scope="col" className="py-1.5 pr-2 font-medium">
              Item
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100 dark:divide-neutral-800">
          {view.lineItems.map((item, i) => (
            <tr key={i} data-testid="invoice-line-item">
              <td className="py-2 pr-2 align-top">
                <p className="break-words">{item.description}</p>
                <p className="text-xs text-neutral-500 tabular-nums">
                  {item.quantity} × {formatNaira(item.unit_price)}
                </p>
              </td>
              <td className="py-2 text-right align-top whitespace-nowrap tabular-nums">{formatNaira(item.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="space-y-1.5 border-t border-neutral-200 pt-3 text-sm dark:border-neutral-800">
        <Sum label="Subtotal" value={view.subtotal} testId="invoice-subtotal" />
        <Sum label={`Tax (${formatRate(view.taxRate)})`} value={view.taxAmount} testId="invoice-tax" />
        <Sum label="Total" value={view.total} testId="invoice-total" strong />
        <Sum label="Amount paid" value={view.amountPaid} testId="invoice-amount-paid" />
        <Sum label="Amount remaining" value={view.amountRemaining} testId="invoice-amount-remaining" strong />
      </dl>

      {view.note && (
        <div className="rounded-lg bg-neutral-50 p-3 text-sm ring-1 ring-neutral-200 dark:bg-neutral-950 dark:ring-neutral-800">
          <h2 className="text-xs font-medium text-neutral-500">Note from {view.merchantName}</h2>
          <p className="mt-0.5 break-words whitespace-pre-line" data-testid="invoice-note">
            {view.note}
          </p>
        </div>
      )}
    </HostedCard>
  );
}

function Sum({ label, value, testId, strong }: { label: string; value: number; testId: string; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 ${strong ? "text-base font-semibold" : "text-neutral-700 dark:text-neutral-300"}`}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums" data-testid={testId}>
        {formatNaira(value)}
      </dd>
    </div>
  );
}

/** 7.5 → "7.5%", 0 → "0%". */
const formatRate = (percent: number) => `${percent.toLocaleString("en-NG", { maximumFractionDigits: 2 })}%`;
