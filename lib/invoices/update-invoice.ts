import { invalidState } from "@/lib/errors";
import { and, eq, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { invoices, type Invoice } from "@/db/schema";
import { lockKeyForTransaction32 } from "@/db/statements/locks";
import { changeInvoice, type InvoiceRef } from "./get-invoice";
import { dueAtFor } from "./invoice-dates";
import { INVOICE_STATE_MESSAGES, invoiceReferenceConflict } from "./invoice-errors";
import { recordInvoiceActivity, type InvoiceActor } from "./invoice-events";
import type { UpdateInvoiceBody } from "./invoice-input";
import { bpToTaxRate, computeInvoiceTotals } from "./invoice-totals";

/** Another invoice of this merchant and mode already using the reference: 409. */
async function assertReferenceFree(tx: DbOrTx, invoice: Invoice, reference: string) {
  // The same lock createInvoice takes for a reference, so a create and an update racing for one take turns.
  await lockKeyForTransaction32(tx, `invoice:${invoice.merchantId}:${invoice.mode}:${reference}`);
  const [other] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(eq(invoices.merchantId, invoice.merchantId), eq(invoices.mode, invoice.mode), eq(invoices.merchantReference, reference), ne(invoices.id, invoice.id)),
    )
    .limit(1);
  if (other) throw invoiceReferenceConflict();
}

/**
 * PUT /v1/checkout/invoice/:publicId (supplement §6): drafts only (else 400 INVALID_STATE).
 * What the body leaves out stays; totals are recomputed from the line items and tax rate
 * (the stored ones for whichever is not given), the due instant from a new due date. The
 * timeline records which fields changed; no webhook (api.md lists none for an update).
 */
export function updateInvoice(db: Db, input: InvoiceRef & { body: UpdateInvoiceBody; actor: InvoiceActor }): Promise<Invoice> {
  const { body } = input;
  return changeInvoice(db, input, async (tx, invoice) => {
    if (invoice.status !== "draft") return { refusal: invalidState(INVOICE_STATE_MESSAGES.updateNotDraft) };
    const changed = (Object.keys(body) as (keyof UpdateInvoiceBody)[]).filter((k) => body[k] !== undefined);
    if (changed.length === 0) return { invoice };

    const set: Partial<typeof invoices.$inferInsert> = {};
    if (body.customer_name !== undefined) set.customerName = body.customer_name;
    if (body.customer_email !== undefined) set.customerEmail = body.customer_email;
    if (body.line_items !== undefined || body.tax_rate !== undefined) {
      Object.assign(set, computeInvoiceTotals(body.line_items ?? invoice.lineItems, body.tax_rate ?? bpToTaxRate(invoice.taxRateBp)));
    }
    if (body.due_date !== undefined) Object.assign(set, { dueDate: body.due_date, dueAt: dueAtFor(body.due_date) });
    if (body.note !== undefined) set.note = body.note;
    if (body.allow_partial_payments !== undefined) set.allowPartialPayments = body.allow_partial_payments;
    if (body.due_date_action !== undefined) set.dueDateAction = body.due_date_action;
    if (body.merchant_reference !== undefined) {
      if (body.merchant_reference !== null && body.merchant_reference !== invoice.merchantReference)
        await assertReferenceFree(tx, invoice, body.merchant_reference);
      set.merchantReference = body.merchant_reference;
    }
    if (body.metadata !== undefined) set.metadata = body.metadata;

    const [updated] = await tx.update(invoices).set(set).where(eq(invoices.id, invoice.id)).returning();
    await recordInvoiceActivity(tx, updated!, "updated", input.actor, { fields: changed });
    return { invoice: updated! };
  });
}
