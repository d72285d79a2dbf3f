import type { DbOrTx } from "@/db/client";
import type { Mode } from "@/db/schema";
import { findAccount, walletAccountCode } from "@/lib/ledger/accounts";
import { accountStatement, type StatementLine } from "@/lib/ledger/statement";
import { getWalletPayId } from "@/lib/payids/find-pay-id";

export type WalletOverview = { payId: string | null; balance: number; statement: StatementLine[] };

/** The wallet PayID, its balance and latest statement lines (the overview home and the Balance page). */
export async function getWalletOverview(tx: DbOrTx, input: { merchantId: string; mode: Mode; lines?: number }): Promise<WalletOverview> {
  const wallet = await getWalletPayId(tx, input);
  if (!wallet) return { payId: null, balance: 0, statement: [] };
  const account = await findAccount(tx, walletAccountCode(wallet.id));
  if (!account) return { payId: wallet.payId, balance: 0, statement: [] };
  return {
    payId: wallet.payId,
    balance: account.balance,
    statement: input.lines === 0 ? [] : await accountStatement(tx, { accountId: account.id, limit: input.lines ?? 20 }),
  };
}
