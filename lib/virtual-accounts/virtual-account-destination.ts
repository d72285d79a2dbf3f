import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { virtualAccounts, type VirtualAccount } from "@/db/schema";

/** A virtual account as a destination of inbound money (lib/payments/receive-instruments.ts plugs it in). */

/** The session or invoice the account was issued for (read unlocked: they are locked first). */
export async function virtualAccountOwners(tx: DbOrTx, id: string): Promise<{ sessionId: string | null; invoiceId: string | null } | undefined> {
  const [row] = await tx
    .select({ sessionId: virtualAccounts.sessionId, invoiceId: virtualAccounts.invoiceId })
    .from(virtualAccounts)
    .where(eq(virtualAccounts.id, id));
  return row;
}

/** Finds and locks the account (FOR UPDATE: payments to it queue). */
export async function lockVirtualAccount(tx: DbOrTx, id: string): Promise<VirtualAccount | undefined> {
  const [row] = await tx.select().from(virtualAccounts).where(eq(virtualAccounts.id, id)).for("update");
  return row;
}

/** A booked payment completes the account (one payment each). */
export async function completeVirtualAccount(tx: DbOrTx, id: string, paidAt: Date): Promise<void> {
  await tx.update(virtualAccounts).set({ status: "completed", completedAt: paidAt }).where(eq(virtualAccounts.id, id));
}
