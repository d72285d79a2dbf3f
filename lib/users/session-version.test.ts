import { eq } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { auditLog, memberships, users } from "@/db/schema";
import { createAdmin } from "@/lib/admin/create-admin";
import { revokeAdmin } from "@/lib/admin/revoke-admin";
import { CLI_ACTOR, type Actor } from "@/lib/audit/record-audit";
import { checkSessionToken, reissueProof } from "@/lib/auth/session-check";
import { randomBase62 } from "@/lib/ids";
import { leaveBusiness, removeMember } from "@/lib/team/remove-member";
import { makeMerchant } from "@/tests/factories";
import { changePassword } from "./change-password";
import { insertUser } from "./create-user";
import { operatorResetPassword } from "./operator-reset-password";
import { requestPasswordReset, resetPassword } from "./password-reset";

/*
 * Sessions end when their user's session version moves on (issue 14 item 7): every event that
 * must end a user's sessions bumps users.session_version, and the check every server-side
 * session read goes through (checkSessionToken, Auth.js's jwt callback in lib/auth/auth.ts)
 * treats a token carrying an older version as signed out. Real Postgres throughout.
 */

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const PASSWORD = "correct horse battery";
const email = (tag: string) => `${tag}-${randomBase62(8).toLowerCase()}@example.com`;
const actorOf = (userId: string): Actor => ({ type: "user", userId, ip: "203.0.113.9", userAgent: "vitest sessions" });
const versionOf = async (userId: string) => (await db.select({ v: users.sessionVersion }).from(users).where(eq(users.id, userId)))[0]!.v;

/** A token as Auth.js makes it at sign-in (the jwt callback with `user`). */
async function signedInToken(userId: string): Promise<JWT> {
  const token = await checkSessionToken(db, { token: {}, user: { id: userId } });
  expect(token).not.toBeNull();
  return token!;
}
/** A later request reading that session (the jwt callback without `user`). */
const nextRequest = (token: JWT) => checkSessionToken(db, { token: { ...token } });

describe("the session check", () => {
  it("stamps the user's current version at sign-in and accepts the token while the version stands", async () => {
    const u = await insertUser(db, { email: email("stamp"), password: PASSWORD });
    const token = await signedInToken(u.id);
    expect(token.sv).toBe(0);
    expect(token.uid).toBe(u.id);
    expect(await nextRequest(token)).not.toBeNull();
  });

  it("a token whose version is stale is treated as signed out", async () => {
    const u = await insertUser(db, { email: email("stale"), password: PASSWORD });
    const token = await signedInToken(u.id);
    await operatorResetPassword(db, { email: u.email, actor: CLI_ACTOR });
    expect(await nextRequest(token)).toBeNull();
    // Signing in again gets the new version.
    const again = await signedInToken(u.id);
    expect(again.sv).toBe(1);
    expect(await nextRequest(again)).not.toBeNull();
  });

  it("a token for a deleted user, or with no user id, is signed out", async () => {
    const u = await insertUser(db, { email: email("gone"), password: PASSWORD });
    const token = await signedInToken(u.id);
    await db.delete(users).where(eq(users.id, u.id));
    expect(await nextRequest(token)).toBeNull();
    expect(await nextRequest({ sv: 0 })).toBeNull();
  });

  it("isAdmin in the token follows the database on each read", async () => {
    const u = await insertUser(db, { email: email("flag"), password: PASSWORD, isAdmin: true });
    const token = await signedInToken(u.id);
    expect(token.isAdmin).toBe(true);
    await db.update(users).set({ isAdmin: false }).where(eq(users.id, u.id));
    expect((await nextRequest(token))?.isAdmin).toBe(false);
  });

  it("only the server's own proof re-issues a token at the new version (a stale token cannot update itself)", async () => {
    const u = await insertUser(db, { email: email("reissue"), password: PASSWORD });
    const token = await signedInToken(u.id);
    await operatorResetPassword(db, { email: u.email, actor: CLI_ACTOR });
    const v = await versionOf(u.id);
    // What a client could post to /api/auth/session: no proof, a made-up one, another user's, an expired one.
    const other = await insertUser(db, { email: email("other"), password: PASSWORD });
    for (const session of [
      {},
      { reissue: { version: v, expires: Date.now() + 60_000, mac: "forged" } },
      reissueProof(other.id, v),
      reissueProof(u.id, v, Date.now() - 120_000),
    ]) {
      expect(await checkSessionToken(db, { token: { ...token }, trigger: "update", session })).toBeNull();
    }
    const renewed = await checkSessionToken(db, { token: { ...token }, trigger: "update", session: reissueProof(u.id, v) });
    expect(renewed?.sv).toBe(v);
    expect(await nextRequest(renewed!)).not.toBeNull();
  });
});

describe("the events that bump the session version", () => {
  it("changing the password (current one right; makeMerchant's owner has PASSWORD) bumps it, audited; a wrong current password changes nothing", async () => {
    const m = await makeMerchant();
    const u = m.owner;
    const before = await versionOf(u.id);
    await expect(
      changePassword(db, { userId: u.id, currentPassword: "not the password", newPassword: "a brand new password", actor: actorOf(u.id), ip: "203.0.113.9" }),
    ).rejects.toThrow("Your current password is not correct.");
    expect(await versionOf(u.id)).toBe(before);
    await expect(
      changePassword(db, { userId: u.id, currentPassword: PASSWORD, newPassword: "short", actor: actorOf(u.id), ip: "203.0.113.9" }),
    ).rejects.toThrow();
    expect(await versionOf(u.id)).toBe(before);
    const res = await changePassword(db, {
      userId: u.id,
      currentPassword: PASSWORD,
      newPassword: "a brand new password",
      actor: actorOf(u.id),
      ip: "203.0.113.9",
    });
    expect(res.sessionVersion).toBe(before + 1);
    expect(await versionOf(u.id)).toBe(before + 1);
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, u.id));
    expect(audits.find((a) => a.action === "user.password_changed")?.merchantId).toBe(m.merchant.id);
  });

  it("an operator's reset bumps it", async () => {
    const u = await insertUser(db, { email: email("opreset"), password: PASSWORD });
    await operatorResetPassword(db, { email: u.email, password: "operator chose this", actor: CLI_ACTOR });
    expect(await versionOf(u.id)).toBe(1);
  });

  it("a forgot-password reset bumps it", async () => {
    const u = await insertUser(db, { email: email("linkreset"), password: PASSWORD });
    const { link } = await requestPasswordReset(db, { email: u.email, ip: "203.0.113.20", baseUrl: "https://owo.example" });
    await resetPassword(db, { token: link!.split("/").pop()!, password: "from the email link", actor: { type: "user" } });
    expect(await versionOf(u.id)).toBe(1);
  });

  it("removal from a business bumps the removed member's; leaving by oneself does not", async () => {
    const m = await makeMerchant();
    const removed = await insertUser(db, { email: email("removed"), password: PASSWORD });
    const leaver = await insertUser(db, { email: email("leaver"), password: PASSWORD });
    await db.insert(memberships).values([
      { userId: removed.id, merchantId: m.merchant.id, role: "developer" },
      { userId: leaver.id, merchantId: m.merchant.id, role: "viewer" },
    ]);
    const token = await signedInToken(removed.id);
    await removeMember(db, { merchantId: m.merchant.id, actor: actorOf(m.owner.id), userId: removed.id });
    expect(await versionOf(removed.id)).toBe(1);
    expect(await nextRequest(token)).toBeNull();
    await leaveBusiness(db, { merchantId: m.merchant.id, actor: actorOf(leaver.id) });
    expect(await versionOf(leaver.id)).toBe(0);
  });

  it("losing admin bumps it (audited admin.revoked); revoking a non-admin changes nothing", async () => {
    const admin = await createAdmin(db, { email: email("admin"), password: PASSWORD, actor: CLI_ACTOR });
    const token = await signedInToken(admin.id);
    expect(token.isAdmin).toBe(true);
    expect(await revokeAdmin(db, { email: admin.email, actor: CLI_ACTOR })).toMatchObject({ revoked: true });
    expect(await versionOf(admin.id)).toBe(1);
    expect(await nextRequest(token)).toBeNull();
    expect(await revokeAdmin(db, { email: admin.email, actor: CLI_ACTOR })).toMatchObject({ revoked: false });
    expect(await versionOf(admin.id)).toBe(1);
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, admin.id));
    expect(audits.map((a) => a.action)).toContain("admin.revoked");
  });
});
