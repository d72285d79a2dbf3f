import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { DbOrTx } from "@/db/client";
import { journalEntries, type JournalEntry } from "@/db/schema";
import { insertLedgerEntry, MISSING_ACCOUNT, netPostings, type EntryInput, type PlannedEntry } from "@/db/statements/ledger-entry";
import { appError } from "@/lib/errors";
import { forgetAccountIds } from "./accounts";
import { pgError } from "./db-errors";

export { netPostings, type EntryInput, type Move } from "@/db/statements/ledger-entry";

const insufficientFunds = () => appError("INSUFFICIENT_FUNDS");

/**
 * One ledger entry planned for a statement (db/statements/ledger-entry.ts writes its SQL): its
 * id and input, which a statement builder turns into CTEs, and its error mapping.
 */
export type LedgerEntry = PlannedEntry & { error(err: unknown): unknown };

/**
 * The one way to post a ledger entry: balanced moves, the accounts locked in id order, the
 * guard against a missing account (db/statements/ledger-entry.ts), and the statement's failure
 * mapped by `error`: an overdraft (the balance CHECK) becomes INSUFFICIENT_FUNDS, a missing
 * account a plain error (and the cached account ids are forgotten). A statement with more in it
 * (a transfer, db/statements/transfers.ts) includes the entry and passes its failure through
 * `error`; postEntry runs it on its own.
 */
export function ledgerEntry(input: EntryInput): LedgerEntry {
  return {
    id: uuidv7(),
    input,
    error(err) {
      const pg = pgError(err);
      if (pg?.code === "23514") return insufficientFunds();
      if (pg?.code === "22P02" && String((err as Error).message).includes(MISSING_ACCOUNT)) {
        forgetAccountIds([...netPostings(input.moves).keys()]);
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
  const statement = ledgerEntry(input);
  let rows: { created_at: string | Date }[];
  try {
    // One statement, one round trip, prepared once per connection. The wallet's lock is held
    // for this statement and the commit only.
    rows = await insertLedgerEntry(tx, statement);
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
