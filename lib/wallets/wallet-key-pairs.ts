import { and, eq, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { apiKeyPairs, type Mode, type PayId } from "@/db/schema";
import { getWalletPayId } from "@/lib/payids/find-pay-id";

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

/**
 * Who hears about an account's money (a static account's charge.success, charge.refunded):
 * the key pair that created it, or, for one made in the dashboard, the keys linked to the
 * merchant's wallet of that mode.
 */
export async function accountKeyPairIds(
  tx: DbOrTx,
  account: { keyPairId: string | null; merchantId: string; mode: Mode },
  wallet?: PayId | null,
): Promise<string[]> {
  if (account.keyPairId) return [account.keyPairId];
  const w = wallet ?? (await getWalletPayId(tx, { merchantId: account.merchantId, mode: account.mode }));
  return w ? walletKeyPairIds(tx, w) : [];
}
