import { and, eq, inArray, lte } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { checkoutSessions, dynamicPayIds, sessionEvents, virtualAccounts, type CheckoutSession } from "@/db/schema";
import { isDue } from "@/lib/expiry";

/** A session's issued account and PayID stop taking money with it. */
export async function retireSessionInstruments(tx: DbOrTx, sessionIds: string[], now: Date) {
  if (sessionIds.length === 0) return;
  await tx
    .update(virtualAccounts)
    .set({ status: "expired", retiredAt: now })
    .where(and(inArray(virtualAccounts.sessionId, sessionIds), eq(virtualAccounts.status, "pending")));
  await tx
    .update(dynamicPayIds)
    .set({ status: "expired" })
    .where(and(inArray(dynamicPayIds.sessionId, sessionIds), eq(dynamicPayIds.status, "active")));
}

/**
 * active → expired once expires_at has passed; other states are final. The guarded UPDATE
 * is the scheduler's too (lib/payments/expire-due-receivables.ts), so a read racing it (or a
 * payment) changes the row once.
 */
export async function expireSessionIfDue(tx: DbOrTx, session: CheckoutSession, now = new Date()): Promise<CheckoutSession> {
  if (session.status !== "active" || !isDue(session.expiresAt, now)) return session;
  const [updated] = await tx
    .update(checkoutSessions)
    .set({ status: "expired" })
    .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, "active"), lte(checkoutSessions.expiresAt, now)))
    .returning();
  if (!updated) {
    // Someone else moved it first (a payment, or the scheduler): answer what it is now.
    const [current] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    return current ?? session;
  }
  await tx.insert(sessionEvents).values({ sessionId: session.id, type: "expired", data: null });
  await retireSessionInstruments(tx, [session.id], now);
  return updated;
}
