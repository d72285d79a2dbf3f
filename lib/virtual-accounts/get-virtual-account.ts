import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { virtualAccounts, type Mode, type VirtualAccount } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { expireVirtualAccountIfDue } from "@/lib/virtual-accounts/expire-virtual-account";

export const virtualAccountNotFound = () => notFound("Virtual account not found.");

/**
 * One virtual account of this merchant and mode by its public id, with a due expiry applied
 * first. Another merchant's or mode's account is 404, as if it did not exist.
 */
export async function getVirtualAccountOrThrow(tx: DbOrTx, input: { merchantId: string; mode: Mode; publicId: string }): Promise<VirtualAccount> {
  const [row] = await tx
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.publicId, input.publicId), eq(virtualAccounts.merchantId, input.merchantId), eq(virtualAccounts.mode, input.mode)))
    .limit(1);
  if (!row) throw virtualAccountNotFound();
  return expireVirtualAccountIfDue(tx, row);
}
