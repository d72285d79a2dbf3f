import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { staticAccounts, type Mode, type StaticAccount } from "@/db/schema";
import { staticAccountErrors } from "./static-account-errors";

type Lookup = { merchantId: string; mode: Mode; id: string };

const mine = (input: Lookup) => and(eq(staticAccounts.id, input.id), eq(staticAccounts.merchantId, input.merchantId), eq(staticAccounts.mode, input.mode));

/** One account of this merchant and mode; null for another merchant's or mode's, as if it did not exist. */
export async function findStaticAccount(tx: DbOrTx, input: Lookup): Promise<StaticAccount | null> {
  const [row] = await tx.select().from(staticAccounts).where(mine(input)).limit(1);
  return row ?? null;
}

/** The same, 404 when there is none. */
export async function getStaticAccountOrThrow(tx: DbOrTx, input: Lookup): Promise<StaticAccount> {
  const row = await findStaticAccount(tx, input);
  if (!row) throw staticAccountErrors.notFound();
  return row;
}

/** The same, locked for a state change in the caller's transaction. */
export async function lockStaticAccountOrThrow(tx: DbOrTx, input: Lookup): Promise<StaticAccount> {
  const [row] = await tx.select().from(staticAccounts).where(mine(input)).for("update");
  if (!row) throw staticAccountErrors.notFound();
  return row;
}
