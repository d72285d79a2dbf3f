import { and, count, eq, sum } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { settlementPayouts, transfers, type Mode } from "@/db/schema";
import { findAccount, walletAccountCode } from "@/lib/ledger/accounts";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { cutoffFor } from "@/lib/settlement/cutoff-schedule";
import { pendingSettlementCode } from "@/lib/ledger/pending-settlement";

type Scope = { merchantId: string; mode: Mode };

export type Balances = {
  walletPayId: string | null;
  /** The wallet's ledger balance: what can be sent now. */
  available: number;
  /** Static-account money waiting for its cutoff (the merchant's pending_settlement account). */
  pendingSettlement: number;
  /** The next cutoff run, when anything is pending (lib/settlement/cutoff-schedule). */
  nextPayoutAt: Date | null;
  /** Transfers sent and settlement payouts started, not yet completed or failed. */
  inFlight: { amount: number; count: number };
};

/**
 * The balances the overview shows: two ledger account rows (their balances are kept with every
 * entry) and the pending transfers and payouts from small indexes (transfers_pending_idx,
 * settlement_payouts_open_idx).
 */
export async function getBalances(tx: DbOrTx, scope: Scope & { now?: Date }): Promise<Balances> {
  const [wallet, pending, inFlight] = await Promise.all([
    getWalletPayId(tx, scope).then(async (w) => ({ payId: w?.payId ?? null, account: w ? await findAccount(tx, walletAccountCode(w.id)) : null })),
    findAccount(tx, pendingSettlementCode(scope)),
    paymentsInFlight(tx, scope),
  ]);
  const pendingSettlement = pending?.balance ?? 0;
  return {
    walletPayId: wallet.payId,
    available: wallet.account?.balance ?? 0,
    pendingSettlement,
    nextPayoutAt: pendingSettlement > 0 ? cutoffFor(scope.now ?? new Date()) : null,
    inFlight,
  };
}

async function paymentsInFlight(tx: DbOrTx, scope: Scope): Promise<{ amount: number; count: number }> {
  const [[t], [p]] = await Promise.all([
    tx
      .select({ amount: sum(transfers.amount), n: count() })
      .from(transfers)
      .where(and(eq(transfers.merchantId, scope.merchantId), eq(transfers.mode, scope.mode), eq(transfers.status, "pending"))),
    tx
      .select({ amount: sum(settlementPayouts.amount), n: count() })
      .from(settlementPayouts)
      .where(and(eq(settlementPayouts.merchantId, scope.merchantId), eq(settlementPayouts.mode, scope.mode), eq(settlementPayouts.status, "pending"))),
  ]);
  return { amount: Number(t?.amount ?? 0) + Number(p?.amount ?? 0), count: (t?.n ?? 0) + (p?.n ?? 0) };
}
