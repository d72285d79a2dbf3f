import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { preparedRows, type DbOrTx } from "@/db/client";
import { Params } from "@/db/params";
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

const insufficientFunds = () =>
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
 * The CTEs that post one balanced entry inside a statement: `e` (the entry, skipped if its
 * reference exists or when the caller's `gate` CTE yielded no row), then the accounts locked
 * in id order (the sort runs below the row locks, so two entries never lock the same pair in
 * opposite orders), the balances moved, and `posted`, the postings written with the balance
 * right after each. An overdraft trips the CHECK and fails the whole statement. The caller's
 * final select must include `ledgerGuard`, which fails the statement when an account id did
 * not exist (so no half-posted entry can ever commit, even in a statement of its own).
 */
export function entryCtes(p: Params, input: EntryInput, opts: { entryId: string; gate?: string }): { ctes: string; accounts: string[] } {
  const net = netPostings(input.moves);
  if (net.size === 0) throw new Error("ledger: an entry must move money");
  const accounts = [...net.keys()].sort();
  const ids = `string_to_array(${p.add(accounts.join(","))}::text, ',')::uuid[]`;
  const deltas = `string_to_array(${p.add(accounts.map((id) => net.get(id)!).join(","))}::text, ',')::bigint[]`;
  const ctes = `e as (
      insert into journal_entries (id, reference, mode, merchant_id, kind, description, metadata, reverses_entry_id)
      select ${p.add(opts.entryId)}::uuid, ${p.add(input.reference)}::text, ${p.add(input.mode)}::text, ${p.add(input.merchantId)}::uuid,
             ${p.add(input.kind)}::text, ${p.add(input.description)}::text, ${p.json(input.metadata)}, ${p.add(input.reversesEntryId)}::uuid
      ${opts.gate ? `where exists (select 1 from ${opts.gate})` : ""}
      on conflict (reference) do nothing
      returning id, created_at),
    v(id, delta) as (select * from unnest(${ids}, ${deltas})),
    locked as (select a.id from ledger_accounts a
               where a.id = any(${ids}) and exists (select 1 from e) order by a.id for update),
    moved as (update ledger_accounts a set balance = a.balance + v.delta from v, locked
              where a.id = v.id and locked.id = a.id returning a.id, a.balance),
    posted as (insert into postings (entry_id, account_id, amount, balance_after)
               select e.id, moved.id, v.delta, moved.balance from moved join v on v.id = moved.id cross join e
               returning account_id)`;
  return { ctes, accounts };
}

const MISSING_ACCOUNT = "ledger: posting to an account that does not exist";

/**
 * A column for the final select of a statement using entryCtes: the number of postings, or
 * an error (a failed cast: plain SQL cannot raise) when an entry was made with fewer
 * postings than accounts, which aborts the statement and its transaction.
 */
export function ledgerGuard(accounts: number): string {
  return `(select case when count(*) = ${accounts} or not exists (select 1 from e) then count(*)::int
                  else ('${MISSING_ACCOUNT}: ' || count(*))::int end from posted) as posted`;
}

/** Maps a statement's failure from entryCtes: INSUFFICIENT_FUNDS, or a missing account. */
export function ledgerError(err: unknown, accounts: string[]): unknown {
  const pg = pgError(err);
  if (pg?.code === "23514") return insufficientFunds();
  if (pg?.code === "22P02" && String((err as Error).message).includes(MISSING_ACCOUNT)) {
    forgetAccountIds(accounts);
    return new Error(MISSING_ACCOUNT);
  }
  return err;
}

/**
 * Posts one balanced entry in the caller's transaction: the entry, its postings and every
 * touched balance, with the accounts locked in id order (no deadlocks between entries). An
 * overdraft trips the database CHECK and becomes INSUFFICIENT_FUNDS, aborting the caller's
 * transaction. A reference already posted returns that entry and changes nothing.
 */
export async function postEntry(tx: DbOrTx, input: EntryInput): Promise<{ entry: JournalEntry; created: boolean }> {
  const p = new Params();
  const entryId = uuidv7();
  const { ctes, accounts } = entryCtes(p, input, { entryId });
  let rows: { created_at: string | Date }[];
  try {
    // One statement, one round trip, prepared once per connection. The wallet's lock is held
    // for this statement and the commit only.
    rows = await preparedRows(tx, `with ${ctes} select e.created_at::text as created_at, ${ledgerGuard(accounts.length)} from e`, p.values);
  } catch (err) {
    throw ledgerError(err, accounts);
  }
  const row = rows[0];
  if (!row) {
    const [existing] = await tx.select().from(journalEntries).where(eq(journalEntries.reference, input.reference));
    return { entry: existing!, created: false };
  }
  const entry: JournalEntry = {
    id: entryId,
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
