import { and, eq, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { dynamicPayIds, type DynamicPayId } from "@/db/schema";
import { isDue } from "@/lib/expiry";

/**
 * A dynamic PayID at expires_at: expired; with allow_multiple_payments it becomes `completed`
 * instead when it took any payment (supplement §3), completed_at set at that moment.
 */
export const dynamicPayIdEnd = (now: Date) => ({
  status: sql<DynamicPayId["status"]>`case when ${dynamicPayIds.paymentCount} > 0 then 'completed' else 'expired' end`,
  completedAt: sql<Date | null>`case when ${dynamicPayIds.paymentCount} > 0 then ${now.toISOString()}::timestamptz else null end`,
});

/** active → expired (or completed) once expires_at has passed: dynamicPayIdEnd. */
export async function expireDynamicPayIdIfDue(tx: DbOrTx, row: DynamicPayId, now = new Date()): Promise<DynamicPayId> {
  if (row.status !== "active" || !isDue(row.expiresAt, now)) return row;
  const [updated] = await tx
    .update(dynamicPayIds)
    .set(dynamicPayIdEnd(now))
    .where(and(eq(dynamicPayIds.id, row.id), eq(dynamicPayIds.status, "active"), lte(dynamicPayIds.expiresAt, now)))
    .returning();
  if (updated) return updated;
  const [current] = await tx.select().from(dynamicPayIds).where(eq(dynamicPayIds.id, row.id));
  return current ?? row;
}
