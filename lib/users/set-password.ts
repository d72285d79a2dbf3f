import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { clearAttemptBucket } from "@/db/statements/attempt-counters";
import { hashPassword } from "./password";
import { signInBuckets } from "./sign-in-limits";

/**
 * Gives a user a new password (argon2id), the one way every path does it (change, forgot-password
 * reset, operator reset): the session version is bumped (every existing session ends; the caller
 * may re-issue its own) and the account's sign-in failure counters are cleared. Answers the new
 * session version. Run it in the caller's transaction.
 */
export async function setPassword(tx: DbOrTx, user: { id: string; email: string }, password: string): Promise<number> {
  const passwordHash = await hashPassword(password);
  const [row] = await tx
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()`, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, user.id))
    .returning({ sessionVersion: users.sessionVersion });
  await clearAttemptBucket(tx, signInBuckets({ email: user.email, ip: "" }).account.name);
  return row!.sessionVersion;
}
