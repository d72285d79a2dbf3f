import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { dynamicPayIds, staticPayIds, type DynamicPayId, type StaticPayId } from "@/db/schema";

/**
 * Static and dynamic PayIDs as destinations of inbound money (lib/payments/receive-instruments.ts
 * plugs them in). A wallet PayID needs no row of its own: its pay_ids row is the destination.
 */

/** The static PayID behind a pay_ids row, share-locked (it takes any number of payments). */
export async function lockStaticPayId(tx: DbOrTx, payIdId: string): Promise<StaticPayId | undefined> {
  const [row] = await tx.select().from(staticPayIds).where(eq(staticPayIds.payIdId, payIdId)).for("share");
  return row;
}

/** The session or invoice a dynamic PayID was issued for (read unlocked: they are locked first). */
export async function dynamicPayIdOwners(tx: DbOrTx, payIdId: string): Promise<{ sessionId: string | null; invoiceId: string | null } | undefined> {
  const [row] = await tx
    .select({ sessionId: dynamicPayIds.sessionId, invoiceId: dynamicPayIds.invoiceId })
    .from(dynamicPayIds)
    .where(eq(dynamicPayIds.payIdId, payIdId));
  return row;
}

/** Finds and locks the dynamic PayID behind a pay_ids row (FOR UPDATE: payments to it queue). */
export async function lockDynamicPayId(tx: DbOrTx, payIdId: string): Promise<DynamicPayId | undefined> {
  const [row] = await tx.select().from(dynamicPayIds).where(eq(dynamicPayIds.payIdId, payIdId)).for("update");
  return row;
}

/**
 * What a booked payment does to its (locked) dynamic PayID: the counters move in place (no
 * second read), and a single-use one is completed.
 */
export async function countDynamicPayIdPayment(tx: DbOrTx, id: string, p: { amount: number; paidAt: Date; singleUse: boolean }): Promise<void> {
  await tx
    .update(dynamicPayIds)
    .set({
      paymentCount: sql`${dynamicPayIds.paymentCount} + 1`,
      amountReceived: sql`${dynamicPayIds.amountReceived} + ${p.amount}`,
      ...(p.singleUse ? { status: "completed" as const, completedAt: p.paidAt } : {}),
    })
    .where(eq(dynamicPayIds.id, id));
}
