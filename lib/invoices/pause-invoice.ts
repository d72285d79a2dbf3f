import { invalidState } from "@/lib/errors";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoices, type Invoice } from "@/db/schema";
import { changeInvoice, type InvoiceRef } from "./get-invoice";
import { INVOICE_STATE_MESSAGES } from "./invoice-errors";
import { emitInvoiceEvents, recordInvoiceActivity, type InvoiceActor } from "./invoice-events";
import { invoicePausedData } from "./invoice-view";

/** Why an invoice cannot be paused now, or null when it can. */
function pauseRefusal(i: Invoice): string | null {
  if (i.status === "draft") return INVOICE_STATE_MESSAGES.pauseDraft;
  if (i.status === "paid") return INVOICE_STATE_MESSAGES.pausePaid;
  if (i.status === "cancelled") return INVOICE_STATE_MESSAGES.pauseCancelled;
  if (i.paused) return INVOICE_STATE_MESSAGES.pauseAlreadyPaused;
  return null;
}

/**
 * POST /v1/checkout/invoice/:publicId/pause: a sent, partial or overdue invoice stops taking
 * payment; its status and link stay (api.md: "Pause keeps the current status"). Sends
 * invoice.paused with its limited payload.
 */
export function pauseInvoice(db: Db, input: InvoiceRef & { actor: InvoiceActor }): Promise<Invoice> {
  return changeInvoice(db, input, async (tx, invoice, now) => {
    const refusal = pauseRefusal(invoice);
    if (refusal) return { refusal: invalidState(refusal) };
    const [paused] = await tx.update(invoices).set({ paused: true, pausedAt: now }).where(eq(invoices.id, invoice.id)).returning();
    await recordInvoiceActivity(tx, paused!, "paused", input.actor, { reason: "manual" });
    const eventIds = await emitInvoiceEvents(tx, paused!, [{ type: "invoice.paused", data: invoicePausedData(paused!) }]);
    return { invoice: paused!, eventIds };
  });
}
