import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { invoices, type Invoice } from "@/db/schema";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { emitInvoiceEvents, recordInvoiceActivity, type InvoiceActor } from "./invoice-events";
import { invoicePausedData } from "./invoice-view";

/** Whether a due-date transition is waiting to be applied (cheap: no database). */
const isDue = (i: Invoice, now: Date) => i.dueHandledAt === null && (i.status === "sent" || i.status === "partial") && i.dueAt.getTime() <= now.getTime();

/**
 * Supplement §6: a sent or partial invoice whose due date passes becomes `overdue`, or, with
 * due_date_action `pause`, is paused (status kept, invoice.paused sent). Applied once: a
 * guarded UPDATE (due_handled_at is null) means a read, a payment and the scheduler racing
 * move it once. Returns the invoice as it now stands and the events to deliver after commit.
 */
export async function applyInvoiceDue(tx: DbOrTx, invoice: Invoice, actor: InvoiceActor, now = new Date()): Promise<{ invoice: Invoice; eventIds: string[] }> {
  if (!isDue(invoice, now)) return { invoice, eventIds: [] };
  const pause = invoice.dueDateAction === "pause";
  const [updated] = await tx
    .update(invoices)
    .set(
      pause ? { dueHandledAt: now, paused: true, pausedAt: invoice.paused ? invoice.pausedAt : now } : { dueHandledAt: now, status: "overdue", overdueAt: now },
    )
    .where(and(eq(invoices.id, invoice.id), isNull(invoices.dueHandledAt), inArray(invoices.status, ["sent", "partial"]), lte(invoices.dueAt, now)))
    .returning();
  if (!updated) {
    const [current] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id));
    return { invoice: current ?? invoice, eventIds: [] };
  }
  if (!pause) {
    await recordInvoiceActivity(tx, updated, "overdue", actor);
    return { invoice: updated, eventIds: [] };
  }
  // Already paused by hand: nothing new to tell.
  if (invoice.paused) return { invoice: updated, eventIds: [] };
  await recordInvoiceActivity(tx, updated, "paused", actor, { reason: "due_date" });
  const eventIds = await emitInvoiceEvents(tx, updated, [{ type: "invoice.paused", data: invoicePausedData(updated) }]);
  return { invoice: updated, eventIds };
}

/**
 * A read's invoice as it stands now: a passed due date applied in its own transaction (none
 * is opened when nothing is due), its events delivered after commit.
 */
export async function applyInvoiceDueOnRead(db: Db, invoice: Invoice, actor: InvoiceActor): Promise<Invoice> {
  if (!isDue(invoice, new Date())) return invoice;
  const { invoice: after, eventIds } = await db.transaction((tx) => applyInvoiceDue(tx, invoice, actor));
  deliverAfterCommit(eventIds);
  return after;
}

const BATCH = 200;

/**
 * The scheduler's `invoice_due_dates` job: due invoices claimed with SKIP LOCKED in bounded
 * batches (instances running it at once never wait on each other or move one twice).
 */
export async function applyDueInvoices(db: Db, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const { moved, eventIds } = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(invoices)
        .where(and(isNull(invoices.dueHandledAt), inArray(invoices.status, ["sent", "partial"]), lte(invoices.dueAt, now)))
        .orderBy(invoices.dueAt)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      const eventIds: string[] = [];
      for (const row of rows) eventIds.push(...(await applyInvoiceDue(tx, row, "scheduler", now)).eventIds);
      return { moved: rows.length, eventIds };
    });
    deliverAfterCommit(eventIds);
    total += moved;
    if (moved < BATCH) return total;
  }
}
