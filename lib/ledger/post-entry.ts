import { eq, sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";
import { journalEntries, type JournalEntry, type Mode } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { forgetAccountIds } from "./accounts";
import { pgError } from "./db-errors";

/** Money moved from one account to another: a positive integer number of kobo. */
export type Move = { from: string; to: string; amount: number };

export type EntryInput = {
  reference: string;
  mode: Mode;
  merchantId?: string | null;
  kind: string;
  description?: string | null;
  metadata?: Record<string, unknown> | null;
  reversesEntryId?: string | null;
  moves: Move[];
};

export const insufficientFunds = () =>
  new AppError({ code: "INSUFFICIENT_FUNDS", status: 400, message: "Insufficient funds in the wallet." });

/** Net signed amount per account; by construction they sum to zero. */
export function netPostings(moves: Move[]): Map<string, number> {
  const net = new Map<string, number>();
  for (const m of moves) {
    if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new Error(`ledger: a move must be a positive integer of kobo, got ${m.amount}`);
    if (m.from === m.to) throw new Error("ledger: a move needs two different accounts");
    net.set(m.from, (net.get(m.from) ?? 0) - m.amount);
    net.set(m.to, (net.get(m.to) ?? 0) + m.amount);
  }
  for (const [k, v] of net) if (v === 0) net.delete(k);
  return net;
}

/**
 * Posts one balanced entry in the caller's transaction: the entry, its postings and every
 * touched balance, with the accounts locked in id order (no deadlocks between entries). An
 * overdraft trips the database CHECK and becomes INSUFFICIENT_FUNDS, aborting the caller's
 * transaction. A reference already posted returns that entry and changes nothing.
 */
export async function postEntry(tx: DbOrTx, input: EntryInput): Promise<{ entry: JournalEntry; created: boolean }> {
  const net = netPostings(input.moves);
  if (net.size === 0) throw new Error("ledger: an entry must move money");

  const [entry] = await tx
    .insert(journalEntries)
    .values({
      reference: input.reference,
      mode: input.mode,
      merchantId: input.merchantId ?? null,
      kind: input.kind,
      description: input.description ?? null,
      metadata: input.metadata ?? null,
      reversesEntryId: input.reversesEntryId ?? null,
    })
    .onConflictDoNothing({ target: journalEntries.reference })
    .returning();
  if (!entry) {
    const [existing] = await tx.select().from(journalEntries).where(eq(journalEntries.reference, input.reference));
    return { entry: existing!, created: false };
  }

  const ids = [...net.keys()].sort();
  let posted: { account_id: string }[];
  try {
    // One statement: lock the accounts in id order (the sort runs below the row locks, so
    // two entries never lock the same pair in opposite orders), move the balances, and write
    // the postings with the balance right after each. The wallet's lock is then held for
    // this statement and the commit only.
    const values = sql.join(ids.map((id) => sql`(${id}::uuid, ${net.get(id)!}::bigint)`), sql`, `);
    posted = await queryRows(
      tx,
      sql`with v(id, delta) as (values ${values}),
          locked as (select a.id from ledger_accounts a where a.id in (select id from v) order by a.id for update),
          moved as (update ledger_accounts a set balance = a.balance + v.delta from v, locked
                    where a.id = v.id and locked.id = a.id returning a.id, a.balance)
          insert into postings (entry_id, account_id, amount, balance_after)
          select ${entry.id}::uuid, moved.id, v.delta, moved.balance from moved join v on v.id = moved.id
          returning account_id`,
    );
  } catch (err) {
    if (pgError(err)?.code === "23514") throw insufficientFunds();
    throw err;
  }
  if (posted.length !== ids.length) {
    forgetAccountIds(ids);
    throw new Error("ledger: posting to an account that does not exist");
  }
  return { entry, created: true };
}
