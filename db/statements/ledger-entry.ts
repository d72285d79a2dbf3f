import { preparedRows, type DbOrTx } from "@/db/client";
import { Params } from "@/db/params";
import type { Mode } from "@/db/schema";

/**
 * The SQL of one ledger entry (journal_entries, postings, ledger_accounts balances), as CTEs a
 * statement can include (`ledgerEntryCtes`), or alone (`insertLedgerEntry`).
 * lib/ledger/post-entry.ts is its one user-facing API (`ledgerEntry` plans an entry for a
 * caller's statement, `postEntry` runs it alone), which adds the error mapping.
 */

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

/** Net signed amount per account; by construction they sum to zero (the entry balances). */
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

/** The text of the failed cast `guard` raises when an account id did not exist. */
export const MISSING_ACCOUNT = "ledger: posting to an account that does not exist";

/** An entry ready to post: its id made by the caller (lib/ledger/post-entry.ts `ledgerEntry`). */
export type PlannedEntry = { id: string; input: EntryInput };

/**
 * The CTEs that post one balanced entry inside a statement, every name starting with `prefix`
 * (so a statement can hold two entries): `<prefix>entry` (the entry, skipped if its reference
 * exists or when the caller's `gate` CTE yielded no row), then the accounts locked in id order
 * (the sort runs below the row locks, so two entries never lock the same pair in opposite
 * orders), the balances moved, and `<prefix>posted`, the postings written with the balance
 * right after each. An overdraft trips the CHECK and fails the whole statement. `entry` is the
 * entry CTE's name, for the caller's final select. Two entries of one statement move disjoint
 * accounts: a row is updated once per statement, so a shared account fails the guard (and the
 * statement) rather than posting half an entry.
 *
 * `guard` is a column the statement's final select must include: the number of postings, or
 * an error (a failed cast: plain SQL cannot raise) when an entry was made with fewer postings
 * than accounts, which aborts the statement and its transaction, so no half-posted entry can
 * ever commit, even in a statement of its own.
 */
export function ledgerEntryCtes(p: Params, planned: PlannedEntry, opts: { prefix: string; gate?: string }): { ctes: string; guard: string; entry: string } {
  const { input } = planned;
  const net = netPostings(input.moves);
  if (net.size === 0) throw new Error("ledger: an entry must move money");
  const accounts = [...net.keys()].sort();
  const ids = `string_to_array(${p.add(accounts.join(","))}::text, ',')::uuid[]`;
  const deltas = `string_to_array(${p.add(accounts.map((id) => net.get(id)!).join(","))}::text, ',')::bigint[]`;
  const e = `${opts.prefix}entry`;
  const v = `${opts.prefix}deltas`;
  const locked = `${opts.prefix}locked`;
  const moved = `${opts.prefix}moved`;
  const posted = `${opts.prefix}posted`;
  const ctes = `${e} as (
      insert into journal_entries (id, reference, mode, merchant_id, kind, description, metadata, reverses_entry_id)
      select ${p.add(planned.id)}::uuid, ${p.add(input.reference)}::text, ${p.add(input.mode)}::text, ${p.add(input.merchantId)}::uuid,
             ${p.add(input.kind)}::text, ${p.add(input.description)}::text, ${p.json(input.metadata)}, ${p.add(input.reversesEntryId)}::uuid
      ${opts.gate ? `where exists (select 1 from ${opts.gate})` : ""}
      on conflict (reference) do nothing
      returning id, created_at),
    ${v}(id, delta) as (select * from unnest(${ids}, ${deltas})),
    ${locked} as (select a.id from ledger_accounts a
               where a.id = any(${ids}) and exists (select 1 from ${e}) order by a.id for update),
    ${moved} as (update ledger_accounts a set balance = a.balance + ${v}.delta from ${v}, ${locked}
              where a.id = ${v}.id and ${locked}.id = a.id returning a.id, a.balance),
    ${posted} as (insert into postings (entry_id, account_id, amount, balance_after)
               select ${e}.id, ${moved}.id, ${v}.delta, ${moved}.balance from ${moved} join ${v} on ${v}.id = ${moved}.id cross join ${e}
               returning account_id)`;
  const guard = `(select case when count(*) = ${accounts.length} or not exists (select 1 from ${e}) then count(*)::int
                  else ('${MISSING_ACCOUNT}: ' || count(*))::int end from ${posted}) as ${posted}`;
  return { ctes, guard, entry: e };
}

/**
 * One entry alone, one prepared statement in the caller's transaction: answers its
 * created_at, or no row when the reference was posted before.
 */
export async function insertLedgerEntry(tx: DbOrTx, planned: PlannedEntry): Promise<{ created_at: string | Date }[]> {
  const p = new Params();
  const entry = ledgerEntryCtes(p, planned, { prefix: "" });
  return preparedRows(tx, `with ${entry.ctes} select ${entry.entry}.created_at::text as created_at, ${entry.guard} from ${entry.entry}`, p.values);
}
