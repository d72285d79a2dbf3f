import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

/**
 * A boolean expression a query-builder read carries as a column (e.g. the invoice list's
 * "any invoice due now"), asked on its own when there was no row to carry it.
 */
export async function evaluateFlag(db: DbOrTx, flag: SQL<boolean>): Promise<boolean> {
  return (await queryRows<{ due: boolean }>(db, sql`select ${flag} as due`))[0]!.due;
}
