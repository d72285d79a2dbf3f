import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchants, type StaticAccountState } from "@/db/schema";
import { staticAccountErrors } from "./static-account-errors";

/**
 * The merchant's static-account product state, read fresh: an admin's or the CLI's change
 * applies to the very next call (the key cache may be a few seconds old, on another process).
 */
export async function staticAccountProductState(tx: DbOrTx, merchantId: string): Promise<StaticAccountState> {
  const [row] = await tx.select({ state: merchants.staticAccounts }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  return row?.state ?? "disabled";
}

/** Every static-account endpoint except status: 403 when the product is not enabled or suspended. */
export async function assertStaticAccountsEnabled(tx: DbOrTx, merchantId: string): Promise<void> {
  const state = await staticAccountProductState(tx, merchantId);
  if (state === "suspended") throw staticAccountErrors.productSuspended();
  if (state !== "enabled") throw staticAccountErrors.notEnabled();
}
