import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import {
  checkoutSessions,
  dynamicPayIds,
  sessionEvents,
  virtualAccounts,
  type CheckoutSession,
  type DynamicPayId,
  type VirtualAccount,
} from "@/db/schema";

/**
 * Expiry of everything that takes money for a while: checkout sessions, dynamic PayIDs and
 * virtual accounts. One rule each, applied lazily on a read (api.md: "status updated before
 * returning") and in batches by the scheduler; both paths run the same guarded UPDATE, so a
 * read racing the scheduler (or a payment) changes the row once.
 */

const due = (expiresAt: Date | null, now: Date) => expiresAt !== null && expiresAt.getTime() <= now.getTime();

/** A session's issued account and PayID stop taking money with it. */
async function retireSessionInstruments(tx: DbOrTx, sessionIds: string[], now: Date) {
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

/** active → expired once expires_at has passed; other states are final. */
export async function expireSessionIfDue(tx: DbOrTx, session: CheckoutSession, now = new Date()): Promise<CheckoutSession> {
  if (session.status !== "active" || !due(session.expiresAt, now)) return session;
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

/**
 * A dynamic PayID at expires_at: expired; with allow_multiple_payments it becomes `completed`
 * instead when it took any payment (supplement §3), completed_at set at that moment.
 */
const dynamicPayIdEnd = (now: Date) => ({
  status: sql<DynamicPayId["status"]>`case when ${dynamicPayIds.paymentCount} > 0 then 'completed' else 'expired' end`,
  completedAt: sql<Date | null>`case when ${dynamicPayIds.paymentCount} > 0 then ${now.toISOString()}::timestamptz else null end`,
});

/** active → expired (or completed) once expires_at has passed: dynamicPayIdEnd. */
export async function expireDynamicPayIdIfDue(tx: DbOrTx, row: DynamicPayId, now = new Date()): Promise<DynamicPayId> {
  if (row.status !== "active" || !due(row.expiresAt, now)) return row;
  const [updated] = await tx
    .update(dynamicPayIds)
    .set(dynamicPayIdEnd(now))
    .where(and(eq(dynamicPayIds.id, row.id), eq(dynamicPayIds.status, "active"), lte(dynamicPayIds.expiresAt, now)))
    .returning();
  if (updated) return updated;
  const [current] = await tx.select().from(dynamicPayIds).where(eq(dynamicPayIds.id, row.id));
  return current ?? row;
}

/** pending → expired when its validity elapses with no payment. */
export async function expireVirtualAccountIfDue(tx: DbOrTx, row: VirtualAccount, now = new Date()): Promise<VirtualAccount> {
  if (row.status !== "pending" || !due(row.expiresAt, now)) return row;
  const [updated] = await tx
    .update(virtualAccounts)
    .set({ status: "expired" })
    .where(and(eq(virtualAccounts.id, row.id), eq(virtualAccounts.status, "pending"), lte(virtualAccounts.expiresAt, now)))
    .returning();
  if (updated) return updated;
  const [current] = await tx.select().from(virtualAccounts).where(eq(virtualAccounts.id, row.id));
  return current ?? row;
}

const BATCH = 500;

/**
 * The scheduler's expiry job: every due session, dynamic PayID and virtual account, in
 * bounded batches. Rows are claimed with SKIP LOCKED, so instances running it at once (or a
 * payment holding a row) never wait on each other, and each row moves once.
 */
export async function expireDueReceivables(db: Db, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const sessions = await tx
        .select({ id: checkoutSessions.id })
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.status, "active"), lte(checkoutSessions.expiresAt, now)))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      const sessionIds = sessions.map((s) => s.id);
      if (sessionIds.length > 0) {
        await tx.update(checkoutSessions).set({ status: "expired" }).where(inArray(checkoutSessions.id, sessionIds));
        await tx.insert(sessionEvents).values(sessionIds.map((sessionId) => ({ sessionId, type: "expired", data: null })));
        await retireSessionInstruments(tx, sessionIds, now);
      }

      const accounts = await tx
        .select({ id: virtualAccounts.id })
        .from(virtualAccounts)
        .where(and(eq(virtualAccounts.status, "pending"), lte(virtualAccounts.expiresAt, now)))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (accounts.length > 0) {
        await tx.update(virtualAccounts).set({ status: "expired" }).where(inArray(virtualAccounts.id, accounts.map((a) => a.id)));
      }

      const payIdRows = await tx
        .select({ id: dynamicPayIds.id })
        .from(dynamicPayIds)
        .where(and(eq(dynamicPayIds.status, "active"), lte(dynamicPayIds.expiresAt, now)))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (payIdRows.length > 0) {
        await tx
          .update(dynamicPayIds)
          .set(dynamicPayIdEnd(now))
          .where(inArray(dynamicPayIds.id, payIdRows.map((r) => r.id)));
      }
      return sessionIds.length + accounts.length + payIdRows.length;
    });
    total += moved;
    if (moved < BATCH) return total;
  }
}
