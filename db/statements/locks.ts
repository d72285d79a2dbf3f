import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";

/**
 * Transaction-scoped advisory locks (released at commit or rollback; safe behind a
 * transaction-mode pooler): callers contending for one key queue here. The key is text, hashed
 * to the lock's bigint by `hashtextextended(key, 0)`.
 */
export async function lockKeyForTransaction(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The same with the 32-bit `hashtext(key)` (the invoices' reference lock has always used it: the same key takes the same lock). */
export async function lockKeyForTransaction32(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
