import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { checkoutSessions, type CheckoutSession, type Mode } from "@/db/schema";
import { expireSessionIfDue } from "@/lib/sessions/expire-session";
import { sessionExpired, sessionNotActive, sessionNotFound, sessionNotYours } from "./session-errors";
import { isUuid } from "@/lib/text-patterns";

/**
 * Who is asking for a session. A key pair (either half: supplement §1, the pair is "the API
 * key") sees only its own sessions; `null` is the hosted checkout page, which holds the
 * session id from checkout_url and nothing else.
 */
export type SessionOwner = { merchantId: string; mode: Mode; keyPairId: string };

/** The columns ownership is decided on. */
type Owned = Pick<CheckoutSession, "merchantId" | "mode" | "keyPairId">;

/**
 * Supplement §1: another merchant's or mode's session (or none, or a malformed id) is 404 so
 * the caller cannot learn it exists; another key pair of the same merchant and mode is 400
 * (a session no key pair owns, a dashboard payment link's, is every key's of its merchant and mode).
 */
export function assertOwner<S extends Owned>(session: S | undefined, owner: SessionOwner | null): asserts session is S {
  if (!session) throw sessionNotFound();
  if (!owner) return;
  if (session.merchantId !== owner.merchantId || session.mode !== owner.mode) throw sessionNotFound();
  // A session with no key pair (a dashboard payment link's) is the merchant's: any of its keys of the mode may read it.
  if (session.keyPairId !== null && session.keyPairId !== owner.keyPairId) throw sessionNotYours();
}

/**
 * The session as it stands, or the api.md ownership errors: one read, and a transaction (the
 * status, its timeline entry and the retired account or PayID together) only when it is due
 * to expire (api.md: "status updated before returning").
 */
export async function findSession(db: Db, input: { sessionId: string; owner: SessionOwner | null }): Promise<CheckoutSession> {
  if (!isUuid(input.sessionId)) throw sessionNotFound();
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, input.sessionId)).limit(1);
  assertOwner(row, input.owner);
  if (row.status !== "active" || row.expiresAt.getTime() > Date.now()) return row;
  return db.transaction((tx) => expireSessionIfDue(tx, row));
}

/**
 * The session locked FOR UPDATE for a change (method selection, bank switch), so concurrent
 * changes take turns. Lazy expiry is applied first; an expired session answers "Session has
 * expired." and any other non-active one "Session is {status}." — returned, not thrown, so the
 * caller can commit the expiry before answering.
 */
export async function lockActiveSession(
  tx: DbOrTx,
  input: { sessionId: string; owner: SessionOwner | null },
): Promise<{ session: CheckoutSession; refusal: null } | { session: null; refusal: Error }> {
  if (!isUuid(input.sessionId)) throw sessionNotFound();
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, input.sessionId)).for("update");
  assertOwner(row, input.owner);
  const session = await expireSessionIfDue(tx, row);
  if (session.status === "expired") return { session: null, refusal: sessionExpired() };
  if (session.status !== "active") return { session: null, refusal: sessionNotActive(session.status) };
  return { session, refusal: null };
}
