import { invalidState } from "@/lib/errors";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoices, type Invoice } from "@/db/schema";
import { changeInvoice, type InvoiceRef } from "./get-invoice";
import { INVOICE_STATE_MESSAGES } from "./invoice-errors";
import { recordInvoiceActivity, type InvoiceActor } from "./invoice-events";
import { retireInvoiceInstruments } from "./retire-invoice-instruments";

/**
 * POST /v1/checkout/invoice/:publicId/cancel: any invoice not paid (draft, sent, partial,
 * overdue, paused or not) becomes cancelled and takes no more payment; the account numbers
 * and PayIDs its page handed out are retired. No webhook (api.md lists none for cancel).
 */
export function cancelInvoice(db: Db, input: InvoiceRef & { actor: InvoiceActor }): Promise<Invoice> {
  return changeInvoice(db, input, async (tx, invoice, now) => {
    if (invoice.status === "paid") return { refusal: invalidState(INVOICE_STATE_MESSAGES.cancelPaid) };
    if (invoice.status === "cancelled") return { refusal: invalidState(INVOICE_STATE_MESSAGES.cancelCancelled) };
    const [cancelled] = await tx.update(invoices).set({ status: "cancelled", cancelledAt: now }).where(eq(invoices.id, invoice.id)).returning();
    await retireInvoiceInstruments(tx, invoice.id, "cancelled", now);
    await recordInvoiceActivity(tx, cancelled!, "cancelled", input.actor, { from: invoice.status });
    return { invoice: cancelled! };
  });
}
