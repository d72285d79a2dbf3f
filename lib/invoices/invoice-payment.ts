import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { invoices, type Invoice } from "@/db/schema";
import { emitEvents } from "@/lib/events/emit-event";
import { destinationClosed, amountRejected } from "@/lib/destination-errors";
import { applyInvoiceDue } from "./apply-invoice-due";
import { emitInvoiceEvents, invoiceKeyPairIds, recordInvoiceActivity, type InvoiceActor } from "./invoice-events";
import { amountRemaining, invoiceEventBase } from "./invoice-view";
import { retireInvoiceInstruments } from "./retire-invoice-instruments";

/** The channels an invoice is paid by (its hosted page offers both). */
export const INVOICE_CHANNELS = ["bank_transfer", "payid"] as const;
export type InvoiceChannel = (typeof INVOICE_CHANNELS)[number];

/** Smallest partial payment (kobo), unless less than that is all that is left. */
export const MIN_PARTIAL_PAYMENT = 100;

/**
 * Why an invoice takes no money now, or null when it is payable: status sent, partial or
 * overdue and not paused (design: the due date is applied before this is asked).
 */
export function invoiceClosedReason(i: Pick<Invoice, "status" | "paused">): string | null {
  switch (i.status) {
    case "paid":
      return "This invoice is paid.";
    case "cancelled":
      return "This invoice is cancelled.";
    case "draft":
      return "This invoice has not been sent yet.";
  }
  if (i.paused) return "This invoice is paused and takes no payment.";
  return null;
}

/** Throws 400 DESTINATION_CLOSED unless the invoice takes payments now. */
export function assertInvoicePayable(i: Pick<Invoice, "status" | "paused">) {
  const reason = invoiceClosedReason(i);
  if (reason) throw destinationClosed(reason);
}

/**
 * The invoice's amount rule. With partial payments: at least 100 kobo (or the whole remainder
 * when less than that is left). Without: at least the remainder. More than the remainder is
 * accepted (a bank transfer can overpay; api.md "reach or exceed total").
 */
export function assertInvoiceAmount(i: Pick<Invoice, "total" | "amountPaid" | "allowPartialPayments">, amount: number) {
  const remaining = amountRemaining(i);
  if (!i.allowPartialPayments) {
    if (amount < remaining) throw amountRejected(`This invoice takes its full remaining amount of ${remaining} kobo.`);
    return;
  }
  const minimum = Math.min(MIN_PARTIAL_PAYMENT, remaining);
  if (amount < minimum) throw amountRejected(`This invoice takes at least ${minimum} kobo per payment.`);
}

/**
 * Locks the invoice row (FOR UPDATE: the first lock a payment into an invoice's account or
 * PayID takes, before the instrument's), applies a passed due date, and refuses an invoice
 * that takes no money or an amount its rule refuses. Returns the invoice as it now stands and
 * the events the due-date transition wrote (deliver after commit).
 */
export async function lockPayableInvoice(
  tx: DbOrTx,
  invoiceId: string,
  amount: number,
  actor: InvoiceActor,
): Promise<{ invoice: Invoice; eventIds: string[] }> {
  const [locked] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  if (!locked) throw destinationClosed("This invoice does not exist.");
  const { invoice, eventIds } = await applyInvoiceDue(tx, locked, actor);
  assertInvoicePayable(invoice);
  assertInvoiceAmount(invoice, amount);
  return { invoice, eventIds };
}

/** api.md charge.success for a payment into an invoice: customer, reference and metadata from the invoice. */
export function invoiceChargeFields(i: Invoice) {
  return {
    merchant_reference: i.merchantReference ?? null,
    currency: i.currency,
    customer: { email: i.customerEmail, name: i.customerName },
    metadata: i.metadata ?? null,
    line_items: null,
    invoice_id: i.publicId,
  };
}

/** The payments row's copy of the invoice's merchant reference, customer and metadata. */
export function invoicePaymentFields(i: Invoice) {
  return {
    invoiceId: i.id,
    merchantReference: i.merchantReference ?? null,
    customerEmail: i.customerEmail,
    customerName: i.customerName,
    metadata: i.metadata ?? null,
  };
}

/**
 * What a booked payment does to the (locked) invoice: amount_paid grows; the status becomes
 * paid (paid_at set, instruments retired) once it reaches the total, else stays overdue, else
 * partial. Timeline: payment (and paid). Events, in this order: charge.success (the caller's
 * data, plus the invoice's fields), invoice.payment_received, and invoice.paid when it just
 * became paid. Returns the invoice after the payment and the event ids.
 */
export async function applyInvoicePayment(
  tx: DbOrTx,
  invoice: Invoice,
  p: {
    amount: number;
    channel: InvoiceChannel;
    reference: string;
    payerName: string | null;
    paidAt: Date;
    actor: InvoiceActor;
    chargeSuccess: Record<string, unknown>;
  },
): Promise<{ invoice: Invoice; eventIds: string[] }> {
  const amountPaid = invoice.amountPaid + p.amount;
  const paid = amountPaid >= invoice.total;
  const status = paid ? "paid" : invoice.status === "overdue" ? "overdue" : "partial";
  const [updated] = await tx
    .update(invoices)
    .set({ amountPaid: sql`${invoices.amountPaid} + ${p.amount}`, status, ...(paid ? { paidAt: p.paidAt } : {}) })
    .where(eq(invoices.id, invoice.id))
    .returning();
  const after = updated!;
  if (paid) await retireInvoiceInstruments(tx, invoice.id, "paid", p.paidAt);

  await recordInvoiceActivity(tx, after, "payment", p.actor, { amount: p.amount, channel: p.channel, reference: p.reference, payer_name: p.payerName });
  if (paid) await recordInvoiceActivity(tx, after, "paid", p.actor, { amount_paid: after.amountPaid });

  const keyPairIds = await invoiceKeyPairIds(tx, after);
  const chargeIds = await emitEvents(
    tx,
    keyPairIds.map((keyPairId) => ({
      merchantId: after.merchantId,
      mode: after.mode,
      keyPairId,
      type: "charge.success",
      data: { ...p.chargeSuccess, ...invoiceChargeFields(after) },
    })),
  );
  const remaining = amountRemaining(after);
  const invoiceIds = await emitInvoiceEvents(tx, after, [
    {
      type: "invoice.payment_received",
      data: {
        ...invoiceEventBase(after),
        payment_amount: p.amount,
        amount_remaining: remaining,
        is_partial: !paid,
        is_fully_paid: paid,
        invoice_status: after.status,
        allow_partial_payments: after.allowPartialPayments,
        payer_name: p.payerName,
        payment_channel: p.channel,
      },
    },
    ...(paid ? [{ type: "invoice.paid" as const, data: invoiceEventBase(after) }] : []),
  ]);
  return { invoice: after, eventIds: [...chargeIds, ...invoiceIds] };
}
