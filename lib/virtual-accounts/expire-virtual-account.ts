import { and, eq, lte } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { virtualAccounts, type VirtualAccount } from "@/db/schema";
import { isDue } from "@/lib/expiry";

/** pending → expired when its validity elapses with no payment. */
export async function expireVirtualAccountIfDue(tx: DbOrTx, row: VirtualAccount, now = new Date()): Promise<VirtualAccount> {
  if (row.status !== "pending" || !isDue(row.expiresAt, now)) return row;
  const [updated] = await tx
    .update(virtualAccounts)
    .set({ status: "expired" })
    .where(and(eq(virtualAccounts.id, row.id), eq(virtualAccounts.status, "pending"), lte(virtualAccounts.expiresAt, now)))
    .returning();
  if (updated) return updated;
  const [current] = await tx.select().from(virtualAccounts).where(eq(virtualAccounts.id, row.id));
  return current ?? row;
}
