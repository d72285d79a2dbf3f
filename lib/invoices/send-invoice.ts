import { invalidState } from "@/lib/errors";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoices, type Invoice } from "@/db/schema";
import { applyInvoiceDue } from "./apply-invoice-due";
import { changeInvoice, type InvoiceRef } from "./get-invoice";
import { INVOICE_STATE_MESSAGES } from "./invoice-errors";
import { emitInvoiceEvents, recordInvoiceActivity, type InvoiceActor } from "./invoice-events";
import { invoiceEventBase } from "./invoice-view";

/**
 * POST /v1/checkout/invoice/:publicId/send (api.md Invoice: draft → sent, issued_at set,
 * invoice.sent). Anything but a draft: 400 INVALID_STATE. A draft whose due date has already
 * passed is sent and then moves on at once (overdue, or paused by its due_date_action).
 */
export function sendInvoice(db: Db, input: InvoiceRef & { actor: InvoiceActor }): Promise<Invoice> {
  return changeInvoice(db, input, async (tx, invoice, now) => {
    if (invoice.status !== "draft") return { refusal: invalidState(INVOICE_STATE_MESSAGES.sendNotDraft) };
    const [sent] = await tx.update(invoices).set({ status: "sent", issuedAt: now }).where(eq(invoices.id, invoice.id)).returning();
    await recordInvoiceActivity(tx, sent!, "sent", input.actor);
    const eventIds = await emitInvoiceEvents(tx, sent!, [{ type: "invoice.sent", data: invoiceEventBase(sent!) }]);
    const due = await applyInvoiceDue(tx, sent!, input.actor, now);
    return { invoice: due.invoice, eventIds: [...eventIds, ...due.eventIds] };
  });
}
