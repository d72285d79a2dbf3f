import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { InvoiceActions, OpenPaymentPageLink } from "@/components/invoices/invoice-actions";
import { formatDueDate } from "@/components/invoices/invoice-format";
import { InvoiceStatusBadge } from "@/components/invoices/invoice-status";
import { activityText } from "@/components/invoices/invoice-timeline";
import { channelLabel } from "@/components/payments/payment-labels";
import { TrailEventsCard } from "@/components/trail/record-trail-cards";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { ListHead, ListTable, Th } from "@/components/ui/list-table";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { listInvoiceActivity, listInvoicePayments } from "@/lib/invoices/invoice-activity";
import { bpToTaxRate } from "@/lib/invoices/invoice-totals";
import { invoiceClosedReason } from "@/lib/invoices/invoice-payment";
import { amountRemaining, isPausedOpen } from "@/lib/invoices/invoice-view";
import { formatNaira } from "@/lib/money";
import { payerName } from "@/lib/payments/list-payments";
import { findDashboardInvoice, listInvoiceEvents } from "@/lib/invoices/dashboard-queries";
import { SimulatePayment } from "@/components/sandbox/simulate-payment";
import { TimelineCard } from "@/components/ui/timeline-card";

export const metadata: Metadata = { title: "Invoice" };

export default async function InvoicePage({ params }: { params: Promise<{ publicId: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { publicId } = await params;
  const { scope } = ctx;
  // The due date is applied before answering, as the API's GET does.
  const invoice = await findDashboardInvoice(ctx.db, { ...scope, publicId: decodeURIComponent(publicId) });
  if (!invoice) notFound();
  const [payments, activity, events] = await Promise.all([
    listInvoicePayments(ctx.db, { ...scope, invoiceId: invoice.id }),
    listInvoiceActivity(ctx.db, invoice.id),
    listInvoiceEvents(ctx.db, { ...scope, publicId: invoice.publicId }),
  ]);
  const remaining = amountRemaining(invoice);
  const payable = invoiceClosedReason(invoice) === null;
  const taxRate = bpToTaxRate(invoice.taxRateBp);
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  );
  return (
    <div className="space-y-5">
      {/* While the customer can pay, payments land at any moment: keep the page current. */}
      <AutoRefresh active={payable} everyMs={5_000} />
      <Link href="/dashboard/invoices" className="text-sm text-accent hover:underline">
        ← Invoices
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="flex items-center gap-1">
            <span className="font-mono text-lg font-semibold" data-testid="inv-number">
              {invoice.invoiceNumber}
            </span>
            <CopyButton value={invoice.invoiceNumber} label="Copy invoice number" />
          </p>
          <p className="text-3xl font-semibold tabular-nums" data-testid="inv-total-amount">
            {formatNaira(invoice.total)}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <InvoiceStatusBadge status={invoice.status} paused={invoice.paused} testId="inv-status" />
            <span className="text-sm text-neutral-600">
              to {invoice.customerName} · due {formatDueDate(invoice.dueDate)}
            </span>
          </div>
        </div>
        <InvoiceActions
          publicId={invoice.publicId}
          invoiceNumber={invoice.invoiceNumber}
          status={invoice.status}
          paused={invoice.paused}
          total={invoice.total}
          amountPaid={invoice.amountPaid}
          remaining={remaining}
          customerName={invoice.customerName}
          canManage={rolePolicy.createReceivables(ctx.role)}
        />
      </div>

      <SimulatePayment mode={ctx.mode} role={ctx.role} target="invoice" id={invoice.publicId} amountKobo={remaining} />
      {invoice.status === "draft" && (
        <p className="rounded-md bg-neutral-100 p-3 text-sm text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300" data-testid="inv-draft-note">
          A draft: the payment page shows it as not yet sent and takes no payment. Send it when it is ready.
        </p>
      )}
      {isPausedOpen(invoice) && (
        <p className="rounded-md bg-neutral-100 p-3 text-sm text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300" data-testid="inv-paused-note">
          Paused
          {invoice.pausedAt ? (
            <>
              {" "}
              since <DateTime at={invoice.pausedAt} />
            </>
          ) : null}
          : the payment page takes no payment until you resume it.
        </p>
      )}

      <Card>
        <CardTitle>Payment link</CardTitle>
        <div className="mt-1 flex flex-wrap items-center gap-1">
          <span className="min-w-0 break-all font-mono text-sm" data-testid="inv-payment-link">
            {invoice.paymentUrl}
          </span>
          <CopyButton value={invoice.paymentUrl} label="Copy payment link" />
          <OpenPaymentPageLink url={invoice.paymentUrl} />
        </div>
      </Card>

      <div className="grid gap-4 sm:grid-cols-3">
        <Card>
          <CardTitle>Total</CardTitle>
          <p className="mt-1 text-xl font-semibold tabular-nums" data-testid="inv-total">
            {formatNaira(invoice.total)}
          </p>
        </Card>
        <Card>
          <CardTitle>Paid</CardTitle>
          <p className="mt-1 text-xl font-semibold tabular-nums" data-testid="inv-paid">
            {formatNaira(invoice.amountPaid)}
          </p>
          <p className="text-xs text-neutral-500">
            {payments.length} payment{payments.length === 1 ? "" : "s"}
          </p>
        </Card>
        <Card>
          <CardTitle>Remaining</CardTitle>
          <p className="mt-1 text-xl font-semibold tabular-nums" data-testid="inv-remaining">
            {formatNaira(remaining)}
          </p>
        </Card>
      </div>

      <Card>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
          {row(
            "Public id",
            <span className="flex items-center gap-1 font-mono text-xs" data-testid="inv-public-id">
              {invoice.publicId}
              <CopyButton value={invoice.publicId} label="Copy public id" />
            </span>,
          )}
          {row(
            "Customer",
            <span data-testid="inv-customer">
              {invoice.customerName} · {invoice.customerEmail}
            </span>,
          )}
          {row("Due date", formatDueDate(invoice.dueDate))}
          {row("When due", invoice.dueDateAction === "pause" ? "Pause the invoice" : "Mark overdue, keep taking payments")}
          {row(
            "Partial payments",
            <span data-testid="inv-partial">{invoice.allowPartialPayments ? "Allowed" : "Not allowed: one payment of the full amount"}</span>,
          )}
          {invoice.merchantReference &&
            row(
              "Your reference",
              <span className="flex items-center gap-1 font-mono text-xs">
                {invoice.merchantReference}
                <CopyButton value={invoice.merchantReference} label="Copy your reference" />
              </span>,
            )}
          {row(
            "Created",
            <>
              <DateTime at={invoice.createdAt} /> <span className="text-neutral-500">{invoice.source === "api" ? "via the API" : "in the dashboard"}</span>
            </>,
          )}
          {invoice.issuedAt && row("Sent", <DateTime at={invoice.issuedAt} />)}
          {invoice.paidAt && row("Paid", <DateTime at={invoice.paidAt} />)}
          {invoice.cancelledAt && row("Cancelled", <DateTime at={invoice.cancelledAt} />)}
          {invoice.note && row("Note", <span className="whitespace-pre-line">{invoice.note}</span>)}
        </dl>
      </Card>

      <ListTable testId="inv-line-items">
        <ListHead>
          <Th>Item</Th>
          <Th right>Quantity</Th>
          <Th right>Unit price</Th>
          <Th right>Amount</Th>
        </ListHead>
        <tbody>
          {invoice.lineItems.map((item, i) => (
            <tr key={i} className="border-t border-neutral-100 dark:border-neutral-800" data-testid="inv-line-item">
              <td data-phone="primary" className="px-4 py-2">
                {item.description}
              </td>
              <td data-label="Quantity" className="px-4 py-2 text-right tabular-nums">
                {item.quantity}
              </td>
              <td data-label="Unit price" className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                {formatNaira(item.unit_price)}
              </td>
              <td data-phone="amount" className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                {formatNaira(item.amount)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="tabular-nums">
          <tr className="border-t border-neutral-200 dark:border-neutral-800">
            <td colSpan={3} className="px-4 py-1.5 text-right text-neutral-500">
              Subtotal
            </td>
            <td className="whitespace-nowrap px-4 py-1.5 text-right" data-testid="inv-subtotal">
              {formatNaira(invoice.subtotal)}
            </td>
          </tr>
          <tr>
            <td colSpan={3} className="px-4 py-1.5 text-right text-neutral-500">
              Tax ({taxRate}%)
            </td>
            <td className="whitespace-nowrap px-4 py-1.5 text-right" data-testid="inv-tax">
              {formatNaira(invoice.taxAmount)}
            </td>
          </tr>
          <tr>
            <td colSpan={3} className="px-4 py-1.5 text-right font-semibold">
              Total
            </td>
            <td className="whitespace-nowrap px-4 py-1.5 text-right font-semibold">{formatNaira(invoice.total)}</td>
          </tr>
        </tfoot>
      </ListTable>

      <section className="space-y-2">
        <h2 className="text-base font-semibold">Payments</h2>
        {payments.length === 0 ? (
          <Card className="py-10 text-center text-sm text-neutral-500" data-testid="inv-payments-empty">
            {payable
              ? `No payment yet. Share the payment link${ctx.mode === "test" ? " (in test mode, simulate a payment on the payment page)" : ""}.`
              : "No payment was received."}
          </Card>
        ) : (
          <ListTable testId="inv-payments-table">
            <ListHead>
              <Th>Reference</Th>
              <Th right>Amount</Th>
              <Th>Status</Th>
              <Th>Channel</Th>
              <Th>Payer</Th>
              <Th>Paid</Th>
            </ListHead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id} className="border-t border-neutral-100 dark:border-neutral-800" data-testid="inv-payment-row" data-reference={p.reference}>
                  <td data-phone="primary" className="px-4 py-2 font-mono text-xs">
                    <Link href={`/dashboard/payments/${encodeURIComponent(p.reference)}`} className="text-accent hover:underline">
                      {p.reference}
                    </Link>
                  </td>
                  <td data-phone="amount" className="px-4 py-2 text-right tabular-nums">
                    {formatNaira(p.amount)}
                    {p.fee > 0 && <p className="text-xs text-neutral-500">net {formatNaira(p.amount - p.fee)}</p>}
                  </td>
                  <td data-phone="status" className="px-4 py-2">
                    <StatusBadge status={p.status} />
                  </td>
                  <td data-label="Channel" className="px-4 py-2">
                    {channelLabel(p.channel)}
                  </td>
                  <td data-label="Payer" className="px-4 py-2">
                    {payerName(p) ?? "—"}
                  </td>
                  <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                    <DateTime at={p.paidAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </section>

      <TimelineCard
        testId="inv-timeline"
        entryTestId="inv-timeline-entry"
        entries={activity.map((a) => ({ key: a.id, ...activityText(a), at: a.createdAt, type: a.type }))}
      />

      <TrailEventsCard
        events={events}
        testId="inv-events"
        empty="No webhook events yet (events go to the webhook of each of your API key pairs in this mode)."
      />
    </div>
  );
}
