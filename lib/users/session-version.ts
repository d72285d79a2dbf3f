import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";

/**
 * The session version (users.session_version): a dashboard session carries the version it was
 * signed in at, and is treated as signed out once the user's version has moved on. Bumped when
 * the password changes or is reset, when the user is removed from a business and when they
 * lose admin: each ends every other session on its next request.
 */
export async function bumpSessionVersion(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion ?? 0;
}

export type SessionState = { sessionVersion: number; isAdmin: boolean };

/** What a session check reads about its user now (null: no such user any more). */
export async function readSessionState(tx: DbOrTx, userId: string): Promise<SessionState | null> {
  const [row] = await tx.select({ sessionVersion: users.sessionVersion, isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}
