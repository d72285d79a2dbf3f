import type { DbOrTx } from "@/db/client";
import { ledgerAuditCounts } from "@/db/statements/ledger";

export type LedgerAudit = { ok: boolean; accounts: number; transactions: number; imbalance: number };

/**
 * `owo ledger audit`: all postings sum to zero, every entry balances, and every stored
 * balance equals the sum of its postings. One consistent snapshot (repeatable read).
 */
export async function auditLedger(tx: DbOrTx): Promise<LedgerAudit & { unbalancedEntries: number; mismatchedAccounts: number }> {
  const row = await ledgerAuditCounts(tx);
  const imbalance = Number(row!.imbalance);
  return {
    ok: imbalance === 0 && row!.unbalanced === 0 && row!.mismatched === 0 && row!.stale_running === 0,
    accounts: row!.accounts,
    transactions: row!.transactions,
    imbalance,
    unbalancedEntries: row!.unbalanced,
    mismatchedAccounts: row!.mismatched + row!.stale_running,
  };
}
