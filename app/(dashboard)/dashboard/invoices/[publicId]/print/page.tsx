import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { formatDueDate } from "@/components/invoices/invoice-format";
import { PrintButton } from "@/components/invoices/print-button";
import { formatDateTime } from "@/components/ui/format-time";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { bpToTaxRate } from "@/lib/invoices/invoice-totals";
import { amountRemaining, isPausedOpen } from "@/lib/invoices/invoice-view";
import { formatNaira } from "@/lib/money";
import { findDashboardInvoice } from "@/lib/invoices/dashboard-queries";

export const metadata: Metadata = { title: "Invoice (print)" };

/*
 * Printing hides the dashboard's sidebar and header and this page's toolbar, and drops the
 * page's card chrome, so what comes out (or goes into a PDF) is the invoice alone on white.
 */
const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 16mm; }
  html, body { background: #fff !important; color: #000 !important; }
  aside, header[data-testid="dashboard-header"], [data-print="hide"] { display: none !important; }
  main { max-width: none !important; padding: 0 !important; }
  [data-print="sheet"] { border: 0 !important; box-shadow: none !important; padding: 0 !important; }
  tr, li { break-inside: avoid; }
}
`;

const LABEL: Record<string, string> = {
  draft: "Draft",
  sent: "Awaiting payment",
  partial: "Part paid",
  paid: "Paid",
  overdue: "Overdue",
  cancelled: "Cancelled",
};

export default async function PrintInvoicePage({ params }: { params: Promise<{ publicId: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { publicId } = await params;
  const invoice = await findDashboardInvoice(ctx.db, { ...ctx.scope, publicId: decodeURIComponent(publicId) });
  if (!invoice) notFound();
  const remaining = amountRemaining(invoice);
  const state = isPausedOpen(invoice) ? "Paused" : (LABEL[invoice.status] ?? invoice.status);
  const payable = invoice.status !== "draft" && invoice.status !== "cancelled" && invoice.status !== "paid";
  return (
    <div className="space-y-4">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-3" data-print="hide">
        <Link href={`/dashboard/invoices/${invoice.publicId}`} className="text-sm text-accent hover:underline">
          ← {invoice.invoiceNumber}
        </Link>
        <PrintButton />
      </div>
      <article
        className="mx-auto max-w-3xl rounded-lg border border-neutral-200 bg-white p-10 text-[13px] text-neutral-900 shadow-sm"
        data-print="sheet"
        data-testid="inv-print-sheet"
      >
        {ctx.mode === "test" && (
          <p className="mb-6 rounded border border-amber-300 bg-amber-50 px-3 py-1.5 text-xs font-medium text-amber-900">
            Test mode invoice: no real money is owed.
          </p>
        )}
        <header className="flex flex-wrap items-start justify-between gap-6 border-b border-neutral-200 pb-6">
          <div>
            <p className="text-xl font-semibold">{ctx.merchant.name}</p>
            <p className="mt-1 text-neutral-500">Invoice from {ctx.merchant.name}</p>
          </div>
          <div className="text-right">
            <p className="text-2xl font-semibold tracking-tight">Invoice</p>
            <p className="font-mono text-sm">{invoice.invoiceNumber}</p>
            <p className="mt-1 text-xs font-medium uppercase tracking-wide text-neutral-600">{state}</p>
          </div>
        </header>

        <section className="grid grid-cols-2 gap-6 py-6">
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-neutral-500">Bill to</p>
            <p className="mt-1 font-medium">{invoice.customerName}</p>
            <p className="text-neutral-600">{invoice.customerEmail}</p>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-right">
            <dt className="text-neutral-500">Issued</dt>
            <dd>{invoice.issuedAt ? formatDateTime(invoice.issuedAt).replace(/,.*$/, "") : "Not sent"}</dd>
            <dt className="text-neutral-500">Due</dt>
            <dd className="font-medium">{formatDueDate(invoice.dueDate)}</dd>
            {invoice.merchantReference && (
              <>
                <dt className="text-neutral-500">Reference</dt>
                <dd className="font-mono">{invoice.merchantReference}</dd>
              </>
            )}
          </dl>
        </section>

        <table className="w-full text-left">
          <thead>
            <tr className="border-b border-neutral-300 text-xs uppercase tracking-wide text-neutral-500">
              <th className="py-2 font-medium">Description</th>
              <th className="py-2 text-right font-medium">Qty</th>
              <th className="py-2 text-right font-medium">Unit price</th>
              <th className="py-2 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lineItems.map((item, i) => (
              <tr key={i} className="border-b border-neutral-100">
                <td className="py-2 pr-4">{item.description}</td>
                <td className="py-2 text-right tabular-nums">{item.quantity}</td>
                <td className="whitespace-nowrap py-2 text-right tabular-nums">{formatNaira(item.unit_price)}</td>
                <td className="whitespace-nowrap py-2 text-right tabular-nums">{formatNaira(item.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="ml-auto mt-4 grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 tabular-nums">
          <dt className="text-neutral-500">Subtotal</dt>
          <dd className="whitespace-nowrap text-right">{formatNaira(invoice.subtotal)}</dd>
          <dt className="text-neutral-500">Tax ({bpToTaxRate(invoice.taxRateBp)}%)</dt>
          <dd className="whitespace-nowrap text-right">{formatNaira(invoice.taxAmount)}</dd>
          <div className="col-span-2 my-0.5 border-t border-neutral-300" aria-hidden />
          <dt className="font-semibold">Total</dt>
          <dd className="whitespace-nowrap text-right font-semibold" data-testid="inv-print-total">
            {formatNaira(invoice.total)}
          </dd>
          {invoice.amountPaid > 0 && (
            <>
              <dt className="text-neutral-500">Paid</dt>
              <dd className="whitespace-nowrap text-right">−{formatNaira(invoice.amountPaid)}</dd>
            </>
          )}
          <dt className="font-semibold">Amount due</dt>
          <dd className="whitespace-nowrap text-right text-base font-semibold">{formatNaira(invoice.status === "cancelled" ? 0 : remaining)}</dd>
        </dl>

        {invoice.note && (
          <section className="mt-8">
            <p className="text-xs font-medium uppercase tracking-wide text-neutral-500">Note</p>
            <p className="mt-1 whitespace-pre-line">{invoice.note}</p>
          </section>
        )}

        {payable && (
          <section className="mt-8 rounded border border-neutral-200 p-4">
            <p className="font-medium">Pay online by bank transfer or PayID</p>
            <p className="mt-1 break-all font-mono text-xs">{invoice.paymentUrl}</p>
            {invoice.allowPartialPayments && <p className="mt-1 text-xs text-neutral-500">You may pay in parts until the total is paid.</p>}
          </section>
        )}
        <footer className="mt-10 border-t border-neutral-200 pt-3 text-xs text-neutral-500">
          {invoice.invoiceNumber} · {invoice.publicId} · amounts in Nigerian naira (NGN)
        </footer>
      </article>
    </div>
  );
}
