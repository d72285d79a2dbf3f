import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { preparedRows, type DbOrTx } from "@/db/client";
import { Params } from "@/db/params";
import { journalEntries, type JournalEntry } from "@/db/schema";
import { ledgerEntryCtes, MISSING_ACCOUNT, postEntryStatement, type EntryInput } from "@/db/statements/ledger-entry";
import { appError } from "@/lib/errors";
import { forgetAccountIds } from "./accounts";
import { pgError } from "./db-errors";

export { netPostings, type EntryInput, type Move } from "@/db/statements/ledger-entry";

const insufficientFunds = () => appError("INSUFFICIENT_FUNDS");

/** One ledger entry inside a statement: its CTEs, the guard column for the final select, and its error mapping. */
export type LedgerEntry = { id: string; ctes: string; guard: string; error(err: unknown): unknown };

/**
 * The one way to post a ledger entry (db/statements/ledger-entry.ts writes its SQL): balanced
 * moves, the accounts locked in id order, the guard against a missing account, and the
 * statement's failure mapped by `error`: an overdraft (the balance CHECK) becomes
 * INSUFFICIENT_FUNDS, a missing account a plain error (and the cached account ids are
 * forgotten). A caller writing one statement with more in it (a transfer) includes `ctes`
 * and `guard` and passes its failure through `error`; postEntry runs it on its own.
 */
export function ledgerEntry(p: Params, input: EntryInput, opts: { gate?: string } = {}): LedgerEntry {
  const id = uuidv7();
  const { ctes, guard, accounts } = ledgerEntryCtes(p, input, { entryId: id, gate: opts.gate });
  return {
    id,
    ctes,
    guard,
    error(err) {
      const pg = pgError(err);
      if (pg?.code === "23514") return insufficientFunds();
      if (pg?.code === "22P02" && String((err as Error).message).includes(MISSING_ACCOUNT)) {
        forgetAccountIds(accounts);
        return new Error(MISSING_ACCOUNT);
      }
      return err;
    },
  };
}

/**
 * Posts one balanced entry in the caller's transaction (ledgerEntry, run alone): the entry,
 * its postings and every touched balance. An overdraft becomes INSUFFICIENT_FUNDS, aborting
 * the caller's transaction. A reference already posted returns that entry and changes nothing.
 */
export async function postEntry(tx: DbOrTx, input: EntryInput): Promise<{ entry: JournalEntry; created: boolean }> {
  const p = new Params();
  const statement = ledgerEntry(p, input);
  let rows: { created_at: string | Date }[];
  try {
    // One statement, one round trip, prepared once per connection. The wallet's lock is held
    // for this statement and the commit only.
    rows = await preparedRows(tx, postEntryStatement(statement), p.values);
  } catch (err) {
    throw statement.error(err);
  }
  const row = rows[0];
  if (!row) {
    const [existing] = await tx.select().from(journalEntries).where(eq(journalEntries.reference, input.reference));
    return { entry: existing!, created: false };
  }
  const entry: JournalEntry = {
    id: statement.id,
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
