import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { userSessions, users } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/text-patterns";

/** A session's last-seen time is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;
/** Auth.js's session lifetime (lib/auth/auth.config.ts, 12 hours): older sessions are over whatever their row says. */
const SESSION_HOURS = 12;

/** At sign-in: a row for this browser; its id goes into the token (`sid`). */
export async function startUserSession(
  db: DbOrTx,
  input: { userId: string; sessionVersion: number; userAgent: string | null; ip: string | null },
): Promise<string> {
  const [row] = await db
    .insert(userSessions)
    .values({ userId: input.userId, sessionVersion: input.sessionVersion, userAgent: input.userAgent?.slice(0, 300) ?? null, ip: input.ip })
    .returning({ id: userSessions.id });
  return row!.id;
}

/**
 * On each request of a session with an id: false once it was signed out from another device
 * (or is unknown), so the session ends there. Marks it seen now and then.
 */
export async function checkUserSession(db: DbOrTx, input: { sessionId: string; userId: string; now?: number }): Promise<boolean> {
  if (!isUuid(input.sessionId)) return false;
  const [row] = await db
    .select({ revokedAt: userSessions.revokedAt, lastSeenAt: userSessions.lastSeenAt })
    .from(userSessions)
    .where(and(eq(userSessions.id, input.sessionId), eq(userSessions.userId, input.userId)));
  if (!row || row.revokedAt) return false;
  const now = input.now ?? Date.now();
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS)
    await db
      .update(userSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(userSessions.id, input.sessionId));
  return true;
}

/** After a password change re-issues this session at the new version: it stays listed. */
export async function moveUserSession(db: DbOrTx, input: { sessionId: string; userId: string; sessionVersion: number }): Promise<void> {
  if (!isUuid(input.sessionId)) return;
  await db
    .update(userSessions)
    .set({ sessionVersion: input.sessionVersion })
    .where(and(eq(userSessions.id, input.sessionId), eq(userSessions.userId, input.userId)));
}

export type ActiveSession = { id: string; userAgent: string | null; ip: string | null; createdAt: Date; lastSeenAt: Date; current: boolean };

/** The user's sessions that still work: not signed out, at the current session version, seen within the session lifetime (a session is seen on each request, so a live one is recent). */
export async function listActiveSessions(db: DbOrTx, input: { userId: string; currentSessionId: string | null }): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: userSessions.id,
      userAgent: userSessions.userAgent,
      ip: userSessions.ip,
      createdAt: userSessions.createdAt,
      lastSeenAt: userSessions.lastSeenAt,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.userId, input.userId),
        isNull(userSessions.revokedAt),
        eq(userSessions.sessionVersion, users.sessionVersion),
        gt(userSessions.lastSeenAt, sql`now() - make_interval(hours => ${SESSION_HOURS})`),
      ),
    )
    .orderBy(desc(userSessions.lastSeenAt))
    .limit(50);
  return rows.map((r) => ({ ...r, current: r.id === input.currentSessionId })).sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs one of the user's own sessions out: it ends on its next request. Another user's session is not found. */
export async function signOutUserSession(db: Db, input: { userId: string; sessionId: string; actor: Actor }): Promise<void> {
  if (!isUuid(input.sessionId)) throw notFound("Session not found.");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(userSessions.id, input.sessionId), eq(userSessions.userId, input.userId), isNull(userSessions.revokedAt)))
      .returning({ id: userSessions.id, userAgent: userSessions.userAgent });
    if (!row) throw notFound("Session not found.");
    await recordAudit(tx, {
      merchantId: null,
      actor: input.actor,
      action: "user.session_signed_out",
      targetType: "user",
      targetId: input.userId,
      changes: { session: { from: row.userAgent ?? "a browser", to: "signed out" } },
    });
  });
}
