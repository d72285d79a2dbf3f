import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

/** The ledger's hand-written reads (lib/ledger; the entry itself is db/statements/ledger-entry.ts). */

/** A ledger account's balance by its code, as text (null: no such account). */
export async function ledgerBalanceByCode(db: DbOrTx, code: string): Promise<string | null> {
  const [row] = await queryRows<{ balance: string | null }>(db, sql`select balance::text as balance from ledger_accounts where code = ${code}`);
  return row?.balance ?? null;
}

/** A posting with its entry, as an account statement reads it (lib/ledger/statement.ts). */
export type PostingRow = {
  posting_id: number | string;
  reference: string;
  kind: string;
  description: string | null;
  amount: number | string;
  balance_after: number | string;
  created_at: string | Date;
};

/** Which of an account's postings: those made in [from, to), and older than the posting `before` (a cursor). */
export type StatementRange = { accountId: string; from?: Date; to?: Date; before?: number };

const where = (r: StatementRange): SQL =>
  sql.join(
    [
      sql`p.account_id = ${r.accountId}::uuid`,
      r.from ? sql`p.created_at >= ${r.from.toISOString()}::timestamptz` : undefined,
      r.to ? sql`p.created_at < ${r.to.toISOString()}::timestamptz` : undefined,
      r.before !== undefined ? sql`p.id < ${r.before}` : undefined,
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );

/** An account's postings in the range, newest first: `limit` of them after skipping `offset`. */
export function accountPostingRows(tx: DbOrTx, input: StatementRange & { limit: number; offset: number }): Promise<PostingRow[]> {
  return queryRows<PostingRow>(
    tx,
    sql`select p.id as posting_id, e.reference, e.kind, e.description, p.amount, p.balance_after, p.created_at
        from postings p join journal_entries e on e.id = p.entry_id
        where ${where(input)}
        order by p.id desc limit ${input.limit} offset ${input.offset}`,
  );
}

/** How many postings of the account fall in the range. */
export async function countAccountPostings(tx: DbOrTx, input: StatementRange): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(tx, sql`select count(*) as n from postings p where ${where(input)}`);
  return Number(row?.n ?? 0);
}

/**
 * `owo ledger audit`'s counts in one statement: accounts, entries, the sum of all postings,
 * entries that do not balance, accounts whose stored balance is not the sum of their postings,
 * and those whose last posting does not carry it.
 */
export async function ledgerAuditCounts(tx: DbOrTx) {
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
  return row!;
}
