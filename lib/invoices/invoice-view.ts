import { z } from "zod";
import { DUE_DATE_ACTIONS, INVOICE_STATUSES, type Invoice, type InvoiceLineItem } from "@/db/schema";
import { kobo, int, metadata, nullableTimestamp, pageOf, responseSchema, timestamp } from "@/lib/response-schema";
import { bpToTaxRate } from "./invoice-totals";

/** What is still owed, never below zero (an overpaid invoice owes nothing). */
export const amountRemaining = (i: Pick<Invoice, "total" | "amountPaid">): number => Math.max(0, i.total - i.amountPaid);

/** Paused while still open: a paid or cancelled invoice's paused flag no longer counts. */
export const isPausedOpen = (i: Pick<Invoice, "status" | "paused">): boolean => i.paused && i.status !== "paid" && i.status !== "cancelled";

/** api.md "Invoice events": the base fields every invoice event payload carries. */
export function invoiceEventBase(i: Invoice) {
  return {
    public_id: i.publicId,
    invoice_number: i.invoiceNumber,
    status: i.status,
    customer_name: i.customerName,
    customer_email: i.customerEmail,
    subtotal: i.subtotal,
    tax_rate: bpToTaxRate(i.taxRateBp),
    tax_amount: i.taxAmount,
    total: i.total,
    amount_paid: i.amountPaid,
    currency: i.currency,
    due_date: i.dueDate,
    issued_at: i.issuedAt?.toISOString() ?? null,
    paid_at: i.paidAt?.toISOString() ?? null,
    merchant_reference: i.merchantReference ?? null,
    metadata: i.metadata ?? null,
    payment_url: i.paymentUrl,
  };
}
export type InvoiceEventBase = ReturnType<typeof invoiceEventBase>;

/** invoice.paused carries a limited payload (api.md). */
export function invoicePausedData(i: Invoice) {
  return { public_id: i.publicId, invoice_number: i.invoiceNumber, status: i.status, total: i.total, amount_paid: i.amountPaid, currency: i.currency };
}

export const InvoiceLineItemSchema = responseSchema(
  "InvoiceLineItem",
  z.object({ description: z.string(), quantity: int(), unit_price: kobo(), amount: kobo() }),
);

/**
 * Supplement §6 Invoice object: the event base fields plus line_items, paused,
 * allow_partial_payments, due_date_action, created_at; and, for integrators, note and
 * amount_remaining.
 */
export const InvoiceSchema = responseSchema(
  "Invoice",
  z.object({
    public_id: z.string(),
    invoice_number: z.string(),
    status: z.enum(INVOICE_STATUSES),
    customer_name: z.string(),
    customer_email: z.string(),
    subtotal: kobo(),
    tax_rate: z.number().meta({ description: "Percent, up to two decimals" }),
    tax_amount: kobo(),
    total: kobo(),
    amount_paid: kobo(),
    currency: z.string(),
    due_date: z.string().meta({ description: "YYYY-MM-DD (Africa/Lagos)" }),
    issued_at: nullableTimestamp(),
    paid_at: nullableTimestamp(),
    merchant_reference: z.string().nullable(),
    metadata: metadata().nullable(),
    payment_url: z.string(),
    line_items: z.array(InvoiceLineItemSchema),
    paused: z.boolean(),
    allow_partial_payments: z.boolean(),
    due_date_action: z.enum(DUE_DATE_ACTIONS),
    note: z.string().nullable(),
    amount_remaining: kobo(),
    created_at: timestamp(),
  }),
);
export type InvoiceView = z.output<typeof InvoiceSchema>;
export const InvoicePageSchema = responseSchema("InvoicePage", pageOf(InvoiceSchema));

export function toInvoiceView(i: Invoice): InvoiceView {
  return {
    ...invoiceEventBase(i),
    line_items: i.lineItems as InvoiceLineItem[],
    paused: i.paused,
    allow_partial_payments: i.allowPartialPayments,
    due_date_action: i.dueDateAction,
    note: i.note ?? null,
    amount_remaining: amountRemaining(i),
    created_at: i.createdAt.toISOString(),
  };
}
