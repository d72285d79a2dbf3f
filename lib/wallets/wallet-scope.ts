import type { DbOrTx } from "@/db/client";
import type { Mode } from "@/db/schema";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import type { WalletScope } from "./wallet-settings";

/** The dashboard's wallet: the business's wallet PayID in the current mode (null when it has none). */
export async function dashboardWalletScope(tx: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<WalletScope | null> {
  const wallet = await getWalletPayId(tx, input);
  return wallet ? { merchantId: input.merchantId, mode: input.mode, walletPayIdId: wallet.id } : null;
}
