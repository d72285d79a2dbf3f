import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { invoices, type Invoice, type Mode } from "@/db/schema";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { applyInvoiceDue, applyInvoiceDueOnRead } from "./apply-invoice-due";
import { invoiceNotFound } from "./invoice-errors";
import type { InvoiceActor } from "./invoice-events";

/** An invoice as the API names it: its public id, within the key's (or member's) merchant and mode. */
export type InvoiceRef = { merchantId: string; mode: Mode; publicId: string };

const inScope = (ref: InvoiceRef) => and(eq(invoices.publicId, ref.publicId), eq(invoices.merchantId, ref.merchantId), eq(invoices.mode, ref.mode));

/**
 * GET /v1/checkout/invoice/:publicId and the dashboard's invoice page: the invoice as it stands
 * now (a passed due date applied first, as sessions apply expiry). Another merchant's or mode's
 * invoice, or none: 404 "Invoice not found.".
 */
export async function getInvoice(db: Db, input: InvoiceRef & { actor?: InvoiceActor }): Promise<Invoice> {
  const [row] = await db.select().from(invoices).where(inScope(input)).limit(1);
  if (!row) throw invoiceNotFound();
  return applyInvoiceDueOnRead(db, row, input.actor ?? "api");
}

/** What a change decided: the invoice after it and the events to deliver, or a refusal to answer with. */
export type InvoiceChange = { invoice: Invoice; eventIds?: string[] } | { refusal: Error };

/**
 * The one way an invoice is changed: its row locked FOR UPDATE (changes, payments and the
 * scheduler take turns), a passed due date applied first, then `change`. A refusal is
 * returned rather than thrown so the due-date transition it saw still commits; it is thrown
 * after commit. Events (the due date's and the change's) are delivered after commit.
 */
export async function changeInvoice(
  db: Db,
  input: InvoiceRef & { actor: InvoiceActor },
  change: (tx: DbOrTx, invoice: Invoice, now: Date) => Promise<InvoiceChange>,
): Promise<Invoice> {
  const now = new Date();
  const out = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(inScope(input)).for("update");
    if (!row) throw invoiceNotFound();
    const due = await applyInvoiceDue(tx, row, input.actor, now);
    const changed = await change(tx, due.invoice, now);
    if ("refusal" in changed) return { invoice: due.invoice, eventIds: due.eventIds, refusal: changed.refusal };
    return { invoice: changed.invoice, eventIds: [...due.eventIds, ...(changed.eventIds ?? [])], refusal: null };
  });
  deliverAfterCommit(out.eventIds);
  if (out.refusal) throw out.refusal;
  return out.invoice;
}
