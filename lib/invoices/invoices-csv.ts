import type { Invoice } from "@/db/schema";
import { csvStream, toCsv } from "@/lib/csv";
import { koboToNaira } from "@/lib/money";
import { bpToTaxRate } from "./invoice-totals";
import { amountRemaining } from "./invoice-view";

const HEADER = [
  "public_id",
  "invoice_number",
  "status",
  "paused",
  "customer_name",
  "customer_email",
  "subtotal_naira",
  "tax_rate",
  "tax_naira",
  "total_naira",
  "amount_paid_naira",
  "amount_remaining_naira",
  "due_date",
  "allow_partial_payments",
  "due_date_action",
  "merchant_reference",
  "payment_url",
  "issued_at",
  "paid_at",
  "created_at",
];

const iso = (d: Date | null) => d?.toISOString() ?? null;

const row = (i: Invoice): unknown[] => [
  i.publicId,
  i.invoiceNumber,
  i.status,
  i.paused,
  i.customerName,
  i.customerEmail,
  koboToNaira(i.subtotal),
  bpToTaxRate(i.taxRateBp),
  koboToNaira(i.taxAmount),
  koboToNaira(i.total),
  koboToNaira(i.amountPaid),
  koboToNaira(amountRemaining(i)),
  i.dueDate,
  i.allowPartialPayments,
  i.dueDateAction,
  i.merchantReference,
  i.paymentUrl,
  iso(i.issuedAt),
  iso(i.paidAt),
  iso(i.createdAt),
];

/** The dashboard's CSV export of an invoices list: amounts in naira, times in ISO 8601, tax rate in percent. */
export function invoicesCsv(items: Invoice[]): string {
  return toCsv(HEADER, items.map(row));
}

/** The same CSV streamed from batches of rows (walkList through the list's cursor). */
export function invoicesCsvStream(batches: AsyncIterable<Invoice[]>): ReadableStream<Uint8Array> {
  return csvStream(HEADER, batches, row);
}
