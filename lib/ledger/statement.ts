import type { DbOrTx } from "@/db/client";
import { accountPostingRows, countAccountPostings, type PostingRow, type StatementRange } from "@/db/statements/ledger";

export type StatementLine = {
  postingId: number;
  reference: string;
  kind: string;
  description: string | null;
  amount: number;
  balanceAfter: number;
  createdAt: string;
};

const toLine = (r: PostingRow): StatementLine => ({
  postingId: Number(r.posting_id),
  reference: r.reference,
  kind: r.kind,
  description: r.description,
  amount: Number(r.amount),
  balanceAfter: Number(r.balance_after),
  createdAt: new Date(r.created_at).toISOString(),
});

export type { StatementRange };

/** An account's postings, newest first, each with the balance right after it: `limit` of them after skipping `offset`. */
export async function accountStatement(tx: DbOrTx, input: StatementRange & { limit?: number; offset?: number }): Promise<StatementLine[]> {
  return (await accountPostingRows(tx, { ...input, limit: input.limit ?? 20, offset: input.offset ?? 0 })).map(toLine);
}

/** How many postings of the account fall in the range (the statement's total). */
export async function countAccountStatement(tx: DbOrTx, input: StatementRange): Promise<number> {
  return countAccountPostings(tx, input);
}
