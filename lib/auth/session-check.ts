import { createHmac, timingSafeEqual } from "node:crypto";
import type { JWT } from "next-auth/jwt";
import type { DbOrTx } from "@/db/client";
import { isUuid } from "@/lib/text-patterns";
import { readSessionState } from "@/lib/users/session-version";
import { checkUserSession, moveUserSession } from "@/lib/users/user-sessions";

/**
 * The one check every server-side read of a dashboard or admin session goes through (the
 * Auth.js `jwt` callback, run by `auth()` in Node on each request): the token's session version
 * (`sv`, stamped at sign-in) must equal the user's version in the database now, else the
 * session is over (null: Auth.js treats it as signed out and clears the cookie where it can).
 * The token's isAdmin is refreshed from the database too (admin pages still re-read it).
 */
export async function checkSessionToken(
  db: DbOrTx,
  args: { token: JWT; user?: { id?: string; sid?: string } | null; trigger?: string; session?: unknown },
  now = Date.now(),
): Promise<JWT | null> {
  const { token } = args;
  if (args.user?.id) {
    // Sign-in: stamp the version the user has now.
    const state = await readSessionState(db, args.user.id);
    if (!state) return null;
    token.uid = args.user.id;
    token.sv = state.sessionVersion;
    token.isAdmin = state.isAdmin;
    // The browser's row in user_sessions (Settings → Security, active sessions), made by authorize.
    if (args.user.sid) token.sid = args.user.sid;
    return token;
  }
  const uid = token.uid;
  if (typeof uid !== "string" || !isUuid(uid)) return null;
  const state = await readSessionState(db, uid);
  if (!state) return null;
  // The server re-issues its own session after a password change (reissueProof): only a proof
  // signed here, for this user and this version, moves a token to the new version. A stale
  // token posting to /api/auth/session cannot make one.
  if (args.trigger === "update" && verifyReissueProof(args.session, uid, state.sessionVersion, now)) {
    token.sv = state.sessionVersion;
    if (typeof token.sid === "string") await moveUserSession(db, { sessionId: token.sid, userId: uid, sessionVersion: state.sessionVersion });
  }
  const version = typeof token.sv === "number" ? token.sv : 0; // tokens from before session versions: version 0
  if (version !== state.sessionVersion) return null;
  // Signed out from another device (Settings → Security): over on this request. Tokens from
  // before active sessions carry no id and are not listed.
  if (typeof token.sid === "string" && !(await checkUserSession(db, { sessionId: token.sid, userId: uid, now }))) return null;
  token.isAdmin = state.isAdmin;
  return token;
}

const PROOF_TTL_MS = 60_000;

function secret(): string {
  const s = process.env.AUTH_SECRET;
  if (!s) throw new Error("AUTH_SECRET is not set");
  return s;
}

function sign(uid: string, version: number, expires: number): string {
  return createHmac("sha256", secret()).update(`owo-session-reissue:${uid}:${version}:${expires}`).digest("base64url");
}

/** The data a server action passes to Auth.js's `unstable_update` to keep its own session after bumping the version. */
export function reissueProof(uid: string, version: number, now = Date.now()): { reissue: { version: number; expires: number; mac: string } } {
  const expires = now + PROOF_TTL_MS;
  return { reissue: { version, expires, mac: sign(uid, version, expires) } };
}

function verifyReissueProof(data: unknown, uid: string, version: number, now: number): boolean {
  const r = (data as { reissue?: { version?: unknown; expires?: unknown; mac?: unknown } } | null)?.reissue;
  if (!r || r.version !== version || typeof r.expires !== "number" || typeof r.mac !== "string") return false;
  if (r.expires < now) return false;
  const want = Buffer.from(sign(uid, version, r.expires));
  const got = Buffer.from(r.mac);
  return got.length === want.length && timingSafeEqual(got, want);
}
