import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

/** The ledger's hand-written reads (lib/ledger; the entry itself is db/statements/ledger-entry.ts). */

/** A ledger account's balance by its code, as text (null: no such account). */
export async function ledgerBalanceByCode(db: DbOrTx, code: string): Promise<string | null> {
  const [row] = await queryRows<{ balance: string | null }>(db, sql`select balance::text as balance from ledger_accounts where code = ${code}`);
  return row?.balance ?? null;
}
