import { and, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, dynamicPayIds, sessionEvents, virtualAccounts } from "@/db/schema";
import { dynamicPayIdEnd } from "@/lib/payids/expire-dynamic-payid";
import { retireSessionInstruments } from "@/lib/sessions/expire-session";

const BATCH = 500;

/**
 * The scheduler's expiry job: every due session, dynamic PayID and virtual account, in
 * bounded batches, with the same transitions as each domain's lazy expiry on a read
 * (expireSessionIfDue, expireDynamicPayIdIfDue, expireVirtualAccountIfDue). Rows are claimed
 * with SKIP LOCKED, so instances running it at once (or a payment holding a row) never wait
 * on each other, and each row moves once.
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
        await tx
          .update(virtualAccounts)
          .set({ status: "expired" })
          .where(
            inArray(
              virtualAccounts.id,
              accounts.map((a) => a.id),
            ),
          );
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
          .where(
            inArray(
              dynamicPayIds.id,
              payIdRows.map((r) => r.id),
            ),
          );
      }
      return sessionIds.length + accounts.length + payIdRows.length;
    });
    total += moved;
    if (moved < BATCH) return total;
  }
}
