import type { DbOrTx } from "@/db/client";
import type { PayId, StaticAccount } from "@/db/schema";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { walletKeyPairIds } from "@/lib/payments/wallet-key-pairs";

/**
 * Who hears about a static account's money (charge.success, charge.refunded): the key pair
 * that created it, or, for an account made in the dashboard, the keys linked to the
 * merchant's wallet of that mode.
 */
export async function accountKeyPairIds(tx: DbOrTx, account: Pick<StaticAccount, "keyPairId" | "merchantId" | "mode">, wallet?: PayId | null): Promise<string[]> {
  if (account.keyPairId) return [account.keyPairId];
  const w = wallet ?? (await getWalletPayId(tx, { merchantId: account.merchantId, mode: account.mode }));
  return w ? walletKeyPairIds(tx, w) : [];
}
