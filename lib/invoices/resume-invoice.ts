import { invalidState } from "@/lib/errors";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoices, type Invoice } from "@/db/schema";
import { changeInvoice, type InvoiceRef } from "./get-invoice";
import { INVOICE_STATE_MESSAGES } from "./invoice-errors";
import { recordInvoiceActivity, type InvoiceActor } from "./invoice-events";

/** Why an invoice cannot be resumed now, or null when it can. */
function resumeRefusal(i: Invoice): string | null {
  if (!i.paused) return INVOICE_STATE_MESSAGES.resumeNotPaused;
  if (i.status === "cancelled") return INVOICE_STATE_MESSAGES.resumeCancelled;
  if (i.status === "paid") return INVOICE_STATE_MESSAGES.resumePaid;
  return null;
}

/**
 * POST /v1/checkout/invoice/:publicId/resume: a paused invoice takes payment again. No webhook
 * (api.md lists none for resume); the timeline records it. A due date already applied is not
 * applied again, so resuming an invoice its due date paused leaves it open.
 */
export function resumeInvoice(db: Db, input: InvoiceRef & { actor: InvoiceActor }): Promise<Invoice> {
  return changeInvoice(db, input, async (tx, invoice) => {
    const refusal = resumeRefusal(invoice);
    if (refusal) return { refusal: invalidState(refusal) };
    const [resumed] = await tx.update(invoices).set({ paused: false }).where(eq(invoices.id, invoice.id)).returning();
    await recordInvoiceActivity(tx, resumed!, "resumed", input.actor);
    return { invoice: resumed! };
  });
}
