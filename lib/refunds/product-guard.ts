import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchants } from "@/db/schema";
import { AppError } from "@/lib/errors";

/**
 * The static-account product state, read fresh (an admin's change applies to the very next
 * call): 403 STATIC_ACCOUNT_SUSPENDED when suspended, STATIC_ACCOUNT_NOT_ENABLED unless enabled.
 * Refund endpoints are static-account endpoints (api.md: every one except status).
 */
export async function assertRefundsAllowed(tx: DbOrTx, merchantId: string): Promise<void> {
  const [row] = await tx.select({ state: merchants.staticAccounts }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  const state = row?.state ?? "disabled";
  if (state === "suspended") throw new AppError({ code: "STATIC_ACCOUNT_SUSPENDED", status: 403, message: "Static NGN account access is suspended for this business." });
  if (state !== "enabled") throw new AppError({ code: "STATIC_ACCOUNT_NOT_ENABLED", status: 403, message: "Static NGN accounts are not enabled for this business." });
}
