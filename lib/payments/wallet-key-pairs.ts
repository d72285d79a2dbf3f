import { and, eq, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { apiKeyPairs, type PayId } from "@/db/schema";

/** The active key pairs that link (or settle to) a wallet: who hears about its money. */
export async function walletKeyPairIds(tx: DbOrTx, wallet: Pick<PayId, "id" | "merchantId" | "mode">): Promise<string[]> {
  const rows = await tx
    .select({ id: apiKeyPairs.id })
    .from(apiKeyPairs)
    .where(
      and(
        eq(apiKeyPairs.merchantId, wallet.merchantId),
        eq(apiKeyPairs.mode, wallet.mode),
        isNull(apiKeyPairs.revokedAt),
        or(eq(apiKeyPairs.walletPayIdId, wallet.id), eq(apiKeyPairs.settlementPayIdId, wallet.id)),
      ),
    );
  return rows.map((r) => r.id);
}
