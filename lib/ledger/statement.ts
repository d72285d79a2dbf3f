import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

export type StatementLine = {
  postingId: number;
  reference: string;
  kind: string;
  description: string | null;
  amount: number;
  balanceAfter: number;
  createdAt: string;
};

type Row = {
  posting_id: number | string;
  reference: string;
  kind: string;
  description: string | null;
  amount: number | string;
  balance_after: number | string;
  created_at: string | Date;
};

const toLine = (r: Row): StatementLine => ({
  postingId: Number(r.posting_id),
  reference: r.reference,
  kind: r.kind,
  description: r.description,
  amount: Number(r.amount),
  balanceAfter: Number(r.balance_after),
  createdAt: new Date(r.created_at).toISOString(),
});

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

/** An account's postings, newest first, each with the balance right after it: `limit` of them after skipping `offset`. */
export async function accountStatement(tx: DbOrTx, input: StatementRange & { limit?: number; offset?: number }): Promise<StatementLine[]> {
  const rows = await queryRows<Row>(
    tx,
    sql`select p.id as posting_id, e.reference, e.kind, e.description, p.amount, p.balance_after, p.created_at
        from postings p join journal_entries e on e.id = p.entry_id
        where ${where(input)}
        order by p.id desc limit ${input.limit ?? 20} offset ${input.offset ?? 0}`,
  );
  return rows.map(toLine);
}

/** How many postings of the account fall in the range (the statement's total). */
export async function countAccountStatement(tx: DbOrTx, input: StatementRange): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(tx, sql`select count(*) as n from postings p where ${where(input)}`);
  return Number(row?.n ?? 0);
}
