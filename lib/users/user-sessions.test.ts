import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { checkSessionToken } from "@/lib/auth/session-check";
import { isAppError } from "@/lib/errors";
import { makeMerchant } from "@/tests/factories";
import { bumpSessionVersion } from "./session-version";
import { listActiveSessions, signOutUserSession, startUserSession } from "./user-sessions";

/*
 * Active sessions (Settings → Security): each sign-in is a row; the list shows this device and
 * the others; signing another out ends it on its next request (the session check answers null)
 * while this one goes on; another user's session cannot be signed out; a password change
 * (session version) ends and unlists them all. Real Postgres.
 */

let db: Db;
beforeAll(async () => {
  db = await getDb();
  process.env.AUTH_SECRET ??= "test-secret-for-session-reissue-proofs";
});

async function signedIn(userId: string, ua: string) {
  const sid = await startUserSession(db, { userId, sessionVersion: 0, userAgent: ua, ip: "203.0.113.7" });
  const token = (await checkSessionToken(db, { token: {}, user: { id: userId, sid } }))!;
  return { sid, token };
}

describe("active sessions", () => {
  it("lists this device first and the others; signing one out ends it on its next request, this one goes on", async () => {
    const { owner } = await makeMerchant();
    const phone = await signedIn(owner.id, "Mozilla/5.0 (Linux; Android 14) Chrome/130.0");
    const laptop = await signedIn(owner.id, "Mozilla/5.0 (Macintosh; Mac OS X 14) Safari/605.1");
    const list = await listActiveSessions(db, { userId: owner.id, currentSessionId: laptop.sid });
    expect(list.map((s) => [s.id, s.current])).toEqual([
      [laptop.sid, true],
      [phone.sid, false],
    ]);
    expect(await checkSessionToken(db, { token: { ...phone.token } })).not.toBeNull();
    await signOutUserSession(db, { userId: owner.id, sessionId: phone.sid, actor: CLI_ACTOR });
    expect(await checkSessionToken(db, { token: { ...phone.token } })).toBeNull();
    expect(await checkSessionToken(db, { token: { ...laptop.token } })).not.toBeNull();
    expect((await listActiveSessions(db, { userId: owner.id, currentSessionId: laptop.sid })).map((s) => s.id)).toEqual([laptop.sid]);
  });

  it("another user's session is not found and stays signed in", async () => {
    const a = await makeMerchant();
    const b = await makeMerchant();
    const theirs = await signedIn(b.owner.id, "Firefox/130.0");
    let err: unknown;
    try {
      await signOutUserSession(db, { userId: a.owner.id, sessionId: theirs.sid, actor: CLI_ACTOR });
    } catch (e) {
      err = e;
    }
    expect(isAppError(err) && err.status).toBe(404);
    expect(await checkSessionToken(db, { token: { ...theirs.token } })).not.toBeNull();
  });

  it("a password change (new session version) ends every session and empties the list", async () => {
    const { owner } = await makeMerchant();
    const one = await signedIn(owner.id, "Chrome/130.0");
    await bumpSessionVersion(db, owner.id);
    expect(await checkSessionToken(db, { token: { ...one.token } })).toBeNull();
    expect(await listActiveSessions(db, { userId: owner.id, currentSessionId: null })).toEqual([]);
  });
});
