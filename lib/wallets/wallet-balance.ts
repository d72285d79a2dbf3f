import type { DbOrTx } from "@/db/client";
import { walletBalance } from "@/lib/ledger/accounts";

export type Balance = { available_balance: number; currency: "NGN" };

/** GET /v1/checkout/transfer/balance: the key's linked wallet, in kobo. */
export async function getBalance(tx: DbOrTx, input: { walletPayIdId: string }): Promise<Balance> {
  return { available_balance: await walletBalance(tx, { payIdId: input.walletPayIdId }), currency: "NGN" };
}
