import { eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
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

  const ids = [...net.keys()].sort();
  const entryId = uuidv7();
  const values = sql.join(ids.map((id) => sql`(${id}::uuid, ${net.get(id)!}::bigint)`), sql`, `);
  let rows: { id: string; created_at: string | Date; posted: number }[];
  try {
    // One statement, one round trip: the entry (skipped if its reference exists), then the
    // accounts locked in id order (the sort runs below the row locks, so two entries never
    // lock the same pair in opposite orders), the balances moved, and the postings written
    // with the balance right after each. The wallet's lock is held for this statement and
    // the commit only.
    rows = await queryRows(
      tx,
      sql`with e as (
            insert into journal_entries (id, reference, mode, merchant_id, kind, description, metadata, reverses_entry_id)
            values (${entryId}::uuid, ${input.reference}, ${input.mode}, ${input.merchantId ?? null}::uuid, ${input.kind},
                    ${input.description ?? null}, ${input.metadata ? JSON.stringify(input.metadata) : null}::jsonb, ${input.reversesEntryId ?? null}::uuid)
            on conflict (reference) do nothing
            returning id, created_at),
          v(id, delta) as (values ${values}),
          locked as (select a.id from ledger_accounts a
                     where a.id in (select id from v) and exists (select 1 from e) order by a.id for update),
          moved as (update ledger_accounts a set balance = a.balance + v.delta from v, locked
                    where a.id = v.id and locked.id = a.id returning a.id, a.balance),
          posted as (insert into postings (entry_id, account_id, amount, balance_after)
                     select e.id, moved.id, v.delta, moved.balance from moved join v on v.id = moved.id cross join e
                     returning account_id)
          select e.id, e.created_at, (select count(*)::int from posted) as posted from e`,
    );
  } catch (err) {
    if (pgError(err)?.code === "23514") throw insufficientFunds();
    throw err;
  }
  const row = rows[0];
  if (!row) {
    const [existing] = await tx.select().from(journalEntries).where(eq(journalEntries.reference, input.reference));
    return { entry: existing!, created: false };
  }
  if (Number(row.posted) !== ids.length) {
    forgetAccountIds(ids);
    throw new Error("ledger: posting to an account that does not exist");
  }
  const entry: JournalEntry = {
    id: row.id,
    reference: input.reference,
    mode: input.mode,
    merchantId: input.merchantId ?? null,
    kind: input.kind,
    description: input.description ?? null,
    metadata: input.metadata ?? null,
    reversesEntryId: input.reversesEntryId ?? null,
    createdAt: new Date(row.created_at),
  };
  return { entry, created: true };
}
