import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { auditLog, recoveryCodes, users } from "@/db/schema";
import { isSealed } from "@/lib/security/secret-box";
import { makeMerchant } from "@/tests/factories";
import { authorizeCredentials } from "../auth";
import { SIGN_IN_ACCOUNT_LIMIT, SignInRateLimited, signInFailureMessage } from "@/lib/users/sign-in-limits";
import { confirmTwoFactorEnrolment, regenerateRecoveryCodes, startTwoFactorEnrolment, turnOffTwoFactor, twoFactorStatus } from "./enrolment";
import { hashRecoveryCode } from "./recovery-codes";
import { IncorrectRecoveryCode, IncorrectTwoFactorCode, TwoFactorRequired } from "./sign-in-errors";
import { totpCode } from "./totp";

/*
 * Two-factor sign-in against the real database: enrolment, the sealed secret, the sign-in's
 * second step through the real `authorize` (authorizeCredentials), replay and concurrency,
 * recovery codes, the sign-in attempt limits, turning off.
 */

const PASSWORD = "correct horse battery";
const STEP_MS = 30_000;
let ipSeq = 0;
const freshIp = () => `203.0.${Math.floor(Math.random() * 250)}.${++ipSeq}`;

/** A sign-in request from `ip` (as the client address is read before and after the peer-address change). */
function request(ip: string): Request {
  return new Request("http://127.0.0.1/api/auth/callback/credentials", {
    method: "POST",
    headers: { "x-forwarded-for": ip, "x-owo-peer-address": ip, "user-agent": "vitest" },
  });
}

async function attempt(fields: Record<string, string>, ip = freshIp()) {
  try {
    return { user: await authorizeCredentials(fields, request(ip)), error: null as unknown };
  } catch (error) {
    return { user: null, error };
  }
}

/** A business owner with two-factor on: their secret (as the app holds it) and recovery codes. */
async function enrolled() {
  const { owner, merchant } = await makeMerchant();
  const db = await getDb();
  const actor = { type: "user" as const, userId: owner.id, ip: "203.0.113.9", userAgent: "vitest" };
  const started = await startTwoFactorEnrolment(db, { userId: owner.id });
  const now = Date.now();
  const { recoveryCodes: codes } = await confirmTwoFactorEnrolment(
    db,
    { userId: owner.id, password: PASSWORD, code: totpCode(started.secret, now), actor },
    now,
  );
  return { email: owner.email, userId: owner.id, merchantId: merchant.id, secret: started.secret, codes, actor, enrolledAt: now };
}

async function userRow(userId: string) {
  const [row] = await queryRows<Record<string, unknown>>(await getDb(), sql`select * from users where id = ${userId}`);
  return row!;
}

describe("two-factor enrolment", () => {
  it("start keeps the new secret sealed as pending (the base32 secret is nowhere in the row) and gives a QR code and an otpauth URI labelled Owo:<email>", async () => {
    const { owner } = await makeMerchant();
    const db = await getDb();
    const started = await startTwoFactorEnrolment(db, { userId: owner.id });
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.uri).toContain(`otpauth://totp/Owo:${encodeURIComponent(owner.email)}?`);
    expect(started.uri).toContain("issuer=Owo");
    expect(started.qrSvg).toMatch(/^<svg/);
    const row = await userRow(owner.id);
    expect(isSealed(String(row.totp_pending_secret))).toBe(true);
    expect(row.totp_secret).toBeNull();
    expect(JSON.stringify(row)).not.toContain(started.secret);
  });

  it("confirm refuses a wrong code and a wrong password (two-factor stays off); a right code and password turn it on with ten one-time codes, only their SHA-256 stored, audited", async () => {
    const { owner, merchant } = await makeMerchant();
    const db = await getDb();
    const actor = { type: "user" as const, userId: owner.id, ip: "203.0.113.9", userAgent: "vitest" };
    const started = await startTwoFactorEnrolment(db, { userId: owner.id });
    const now = Date.now();
    const right = totpCode(started.secret, now);
    const wrong = right === "000000" ? "111111" : "000000";

    await expect(confirmTwoFactorEnrolment(db, { userId: owner.id, password: PASSWORD, code: wrong, actor }, now)).rejects.toThrow(
      "Incorrect authentication code.",
    );
    await expect(confirmTwoFactorEnrolment(db, { userId: owner.id, password: "not the password", code: right, actor }, now)).rejects.toThrow(
      "Incorrect password.",
    );
    expect((await twoFactorStatus(db, owner.id)).enabled).toBe(false);

    const { recoveryCodes: codes } = await confirmTwoFactorEnrolment(db, { userId: owner.id, password: PASSWORD, code: right, actor }, now);
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    expect(await twoFactorStatus(db, owner.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const row = await userRow(owner.id);
    expect(isSealed(String(row.totp_secret))).toBe(true);
    expect(row.totp_pending_secret).toBeNull();
    expect(row.totp_enabled_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(started.secret);
    const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, owner.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map((c) => hashRecoveryCode(c.replace("-", ""))).sort());
    expect(JSON.stringify(stored)).not.toMatch(new RegExp(codes.map((c) => c.slice(0, 5)).join("|")));
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, merchant.id), eq(auditLog.action, "user.two_factor_enabled")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(owner.id);
  });
});

describe("sign-in with two-factor", () => {
  it("the right password alone gets two_factor_required (not a failed attempt); a wrong password with a code is just a wrong password", async () => {
    const u = await enrolled();
    const ip = freshIp();
    const first = await attempt({ email: u.email, password: PASSWORD }, ip);
    expect(first.error).toBeInstanceOf(TwoFactorRequired);
    expect((first.error as TwoFactorRequired).code).toBe("two_factor_required");
    const [counted] = await queryRows<{ n: number }>(
      await getDb(),
      sql`select coalesce(sum(count), 0)::int as n from rate_limit_counters where bucket in (${"signin:account:" + u.email}, ${"signin:ip:" + ip}) and window_start > now()`,
    );
    expect(counted!.n).toBe(0);

    const wrongPassword = await attempt({ email: u.email, password: "wrong password", code: totpCode(u.secret, Date.now() + STEP_MS) }, ip);
    expect(wrongPassword.error).toBeNull();
    expect(wrongPassword.user).toBeNull();
    expect(signInFailureMessage(wrongPassword.error)).toBe("Incorrect email or password.");
  });

  it("password and a right code sign in; the same code again is refused (replay), as is an earlier step's code", async () => {
    const u = await enrolled();
    const code = totpCode(u.secret, u.enrolledAt + STEP_MS); // the next step: later than the one enrolment used
    const ok = await attempt({ email: u.email, password: PASSWORD, code });
    expect(ok.error).toBeNull();
    expect(ok.user?.id).toBe(u.userId);

    const again = await attempt({ email: u.email, password: PASSWORD, code });
    expect(again.error).toBeInstanceOf(IncorrectTwoFactorCode);
    expect(signInFailureMessage(again.error)).toBe("Incorrect authentication code.");
    // The enrolment's own code (an earlier step) is refused too.
    const earlier = await attempt({ email: u.email, password: PASSWORD, code: totpCode(u.secret, u.enrolledAt) });
    expect(earlier.error).toBeInstanceOf(IncorrectTwoFactorCode);
  });

  it("two concurrent sign-ins with one code: exactly one succeeds", async () => {
    const u = await enrolled();
    const code = totpCode(u.secret, u.enrolledAt + STEP_MS);
    const results = await Promise.all([0, 1, 2].map(() => attempt({ email: u.email, password: PASSWORD, code })));
    expect(results.filter((r) => r.user?.id === u.userId)).toHaveLength(1);
    expect(results.filter((r) => r.error instanceof IncorrectTwoFactorCode)).toHaveLength(2);
  });

  it("a recovery code signs in once: of concurrent uses one succeeds, later uses are refused; another code still works", async () => {
    const u = await enrolled();
    const code = u.codes[3]!;
    const results = await Promise.all([0, 1, 2].map(() => attempt({ email: u.email, password: PASSWORD, recoveryCode: code })));
    expect(results.filter((r) => r.user?.id === u.userId)).toHaveLength(1);
    expect(results.filter((r) => r.error instanceof IncorrectRecoveryCode)).toHaveLength(2);

    const later = await attempt({ email: u.email, password: PASSWORD, recoveryCode: code.toUpperCase() });
    expect(later.error).toBeInstanceOf(IncorrectRecoveryCode);
    const other = await attempt({ email: u.email, password: PASSWORD, recoveryCode: ` ${u.codes[7]!.replace("-", " ")} ` });
    expect(other.user?.id).toBe(u.userId);
    expect((await twoFactorStatus(await getDb(), u.userId)).recoveryCodesLeft).toBe(8);
  });

  it("a wrong code counts as a failed attempt: after 5 the account is locked, even for the right code", async () => {
    const u = await enrolled();
    const ip = freshIp();
    const right = totpCode(u.secret, u.enrolledAt + STEP_MS);
    const wrong = right === "123456" ? "654321" : "123456";
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT; i++) {
      const r = await attempt({ email: u.email, password: PASSWORD, code: wrong }, ip);
      expect(r.error).toBeInstanceOf(IncorrectTwoFactorCode);
    }
    const locked = await attempt({ email: u.email, password: PASSWORD, code: right }, freshIp());
    expect(locked.error).toBeInstanceOf(SignInRateLimited);
  });
});

describe("managing two-factor", () => {
  it("turning off needs the password and a code: a wrong either leaves it on; then secret and recovery codes are gone, audited", async () => {
    const u = await enrolled();
    const db = await getDb();
    const code = totpCode(u.secret, u.enrolledAt + STEP_MS);
    const wrong = code === "000000" ? "111111" : "000000";
    await expect(turnOffTwoFactor(db, { userId: u.userId, password: PASSWORD, code: wrong, actor: u.actor })).rejects.toThrow("Incorrect authentication code.");
    await expect(turnOffTwoFactor(db, { userId: u.userId, password: "wrong password", code, actor: u.actor })).rejects.toThrow("Incorrect password.");
    expect((await twoFactorStatus(db, u.userId)).enabled).toBe(true);

    await turnOffTwoFactor(db, { userId: u.userId, password: PASSWORD, code, actor: u.actor });
    const [row] = await db.select().from(users).where(eq(users.id, u.userId));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpPendingSecret: null });
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.userId))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.merchantId, u.merchantId), eq(auditLog.action, "user.two_factor_disabled"))),
    ).toHaveLength(1);
    // Password alone signs in again.
    const signIn = await attempt({ email: u.email, password: PASSWORD });
    expect(signIn.user?.id).toBe(u.userId);
  });

  it("new recovery codes (password and a recovery code) void the old ones", async () => {
    const u = await enrolled();
    const db = await getDb();
    const { recoveryCodes: fresh } = await regenerateRecoveryCodes(db, { userId: u.userId, password: PASSWORD, code: u.codes[0]!, actor: u.actor });
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => u.codes.includes(c))).toBe(false);
    const old = await attempt({ email: u.email, password: PASSWORD, recoveryCode: u.codes[1]! });
    expect(old.error).toBeInstanceOf(IncorrectRecoveryCode);
    const fresher = await attempt({ email: u.email, password: PASSWORD, recoveryCode: fresh[1]! });
    expect(fresher.user?.id).toBe(u.userId);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.merchantId, u.merchantId), eq(auditLog.action, "user.recovery_codes_regenerated"))),
    ).toHaveLength(1);
  });
});
