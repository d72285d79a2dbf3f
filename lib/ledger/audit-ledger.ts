import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

export type LedgerAudit = { ok: boolean; accounts: number; transactions: number; imbalance: number };

/**
 * `owo ledger audit`: all postings sum to zero, every entry balances, and every stored
 * balance equals the sum of its postings. One consistent snapshot (repeatable read).
 */
export async function auditLedger(tx: DbOrTx): Promise<LedgerAudit & { unbalancedEntries: number; mismatchedAccounts: number }> {
  const [row] = await queryRows<{
    accounts: number;
    transactions: number;
    imbalance: string | number;
    unbalanced: number;
    mismatched: number;
    stale_running: number;
  }>(
    tx,
    sql`select
      (select count(*)::int from ledger_accounts) as accounts,
      (select count(*)::int from journal_entries) as transactions,
      (select coalesce(sum(amount), 0)::bigint from postings) as imbalance,
      (select count(*)::int from (select entry_id from postings group by entry_id having sum(amount) <> 0) u) as unbalanced,
      -- each account's last posting must also carry its stored balance
      (select count(*)::int from ledger_accounts a join lateral (
         select balance_after from postings p where p.account_id = a.id order by p.id desc limit 1) l on true
         where l.balance_after <> a.balance) as stale_running,
      (select count(*)::int from ledger_accounts a
         left join (select account_id, sum(amount) as total from postings group by account_id) p on p.account_id = a.id
         where a.balance <> coalesce(p.total, 0)) as mismatched`,
  );
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
