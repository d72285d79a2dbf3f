import { sql } from "drizzle-orm";
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

/** An account's most recent postings, newest first, each with the balance right after it. */
export async function accountStatement(tx: DbOrTx, input: { accountId: string; limit?: number }): Promise<StatementLine[]> {
  const rows = await queryRows<{
    posting_id: number | string;
    reference: string;
    kind: string;
    description: string | null;
    amount: number | string;
    balance_after: number | string;
    created_at: string | Date;
  }>(
    tx,
    sql`select p.id as posting_id, e.reference, e.kind, e.description, p.amount, p.balance_after, p.created_at
        from postings p join journal_entries e on e.id = p.entry_id
        where p.account_id = ${input.accountId}::uuid
        order by p.id desc limit ${input.limit ?? 20}`,
  );
  return rows.map((r) => ({
    postingId: Number(r.posting_id),
    reference: r.reference,
    kind: r.kind,
    description: r.description,
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
