import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows, type Db } from "@/db/client";
import { auditLog, passwordResets, users } from "@/db/schema";
import { verifyPassword } from "./password";
import { signInBuckets, withSignInLimits } from "./sign-in-limits";
import { isAppError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { startSmtpCapture } from "@/tests/smtp-capture";
import { insertUser } from "./create-user";
import { findPasswordReset, INVALID_RESET_LINK, PASSWORD_RESET_TTL_MS, requestPasswordReset, resetLinkBase, resetPassword } from "./password-reset";

/*
 * Forgot-password by email (issue 14 item 7): a link of 32 random bytes of which only the
 * SHA-256 is stored, valid 30 minutes, used once (of concurrent uses exactly one wins); using it
 * sets the password, ends every session (version bump) and clears the account's sign-in
 * failures. Requests are limited per email and IP. Real Postgres, a real SMTP listener.
 */

let db: Db;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const savedSmtp = process.env.SMTP_URL;
beforeAll(async () => {
  db = await getDb();
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp.close();
});
afterEach(() => {
  process.env.SMTP_URL = smtp.url;
});
afterAll(() => {
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
});

const PASSWORD = "correct horse battery";
const email = (tag: string) => `${tag}-${randomBase62(8).toLowerCase()}@example.com`;
const ip = () => `203.0.113.${randomBase62(6)}`;
const BASE = "https://owo.example";
const tokenOf = (link: string) => link.slice(`${BASE}/reset-password/`.length);
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: unknown) => (isAppError(e) ? `${e.status} ${e.message}` : `threw ${String(e)}`),
  );
const userRow = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!;

async function requested(tag: string) {
  const u = await insertUser(db, { email: email(tag), password: PASSWORD });
  const res = await requestPasswordReset(db, { email: u.email, ip: ip(), baseUrl: BASE });
  return { user: u, token: tokenOf(res.link!), res };
}

describe("whether reset links can be emailed (resetLinkBase)", () => {
  it("only with an SMTP server and an address the link may point at; otherwise the operator resets", () => {
    const saved = process.env.SMTP_URL;
    try {
      process.env.SMTP_URL = "smtp://127.0.0.1:2525";
      expect(resetLinkBase("https://pay.shop.ng")).toBe("https://pay.shop.ng");
      expect(resetLinkBase(null)).toBeNull(); // a real deployment without APP_URL
      delete process.env.SMTP_URL;
      expect(resetLinkBase("https://pay.shop.ng")).toBeNull();
    } finally {
      if (saved === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = saved;
    }
  });
});

describe("asking for a link", () => {
  it("mails a link for an existing account; only the token's SHA-256 is stored, valid 30 minutes", async () => {
    const { user, token, res } = await requested("mailed");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(await res.deliver()).toBe("sent");
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe("Reset your Owo password");
    expect(mail.text).toContain(`${BASE}/reset-password/${token}`);
    const [row] = await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    const dump = JSON.stringify(await queryRows(db, sql`select * from password_resets where user_id = ${user.id}`));
    expect(dump).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(PASSWORD_RESET_TTL_MS - 5_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(PASSWORD_RESET_TTL_MS + 5_000);
    expect(await findPasswordReset(db, token)).toEqual({ email: user.email });
  });

  it("an unknown email is answered the same (no error), stores nothing and mails nothing", async () => {
    const nobody = email("nobody");
    const res = await requestPasswordReset(db, { email: nobody, ip: ip(), baseUrl: BASE });
    expect(Object.keys(res).sort()).toEqual(["deliver", "link"]);
    expect(res.link).toBeNull();
    expect(await res.deliver()).toBeNull();
    expect(smtp.mails.filter((m) => m.to.includes(nobody))).toEqual([]);
  });

  it("3 requests per email an hour, 10 per IP: then refused with the minutes to wait", async () => {
    const u = await insertUser(db, { email: email("limited"), password: PASSWORD });
    for (let i = 0; i < 3; i++) expect(await refusal(requestPasswordReset(db, { email: u.email, ip: ip(), baseUrl: BASE }))).toBe("accepted");
    expect(await refusal(requestPasswordReset(db, { email: u.email, ip: ip(), baseUrl: BASE }))).toMatch(
      /^429 Too many password reset requests\. Try again in \d+ minutes?\.$/,
    );
    const from = ip();
    for (let i = 0; i < 10; i++) expect(await refusal(requestPasswordReset(db, { email: email("ip"), ip: from, baseUrl: BASE }))).toBe("accepted");
    expect(await refusal(requestPasswordReset(db, { email: email("ip"), ip: from, baseUrl: BASE }))).toMatch(/^429 Too many password reset requests\./);
  });
});

describe("using the link", () => {
  it("sets the new password, bumps the session version, clears sign-in failures, audits, and works only once", async () => {
    const { user, token } = await requested("use");
    // Two failed sign-ins on the account.
    for (let i = 0; i < 2; i++) await withSignInLimits(db, { email: user.email, ip: ip() }, async () => null);
    const failures = () =>
      queryRows<{ n: number }>(
        db,
        sql`select coalesce(sum(count), 0)::int as n from rate_limit_counters where bucket = ${signInBuckets({ email: user.email, ip: "" }).account.name}`,
      );
    expect((await failures())[0]!.n).toBe(2);

    expect(await resetPassword(db, { token, password: "the new password", actor: { type: "user", ip: "203.0.113.5" } })).toEqual({ email: user.email });
    const after = await userRow(user.id);
    expect(await verifyPassword(after.passwordHash, "the new password")).toBe(true);
    expect(after.sessionVersion).toBe(1);
    expect(after.passwordChangedAt).not.toBeNull();
    expect((await failures())[0]!.n).toBe(0);
    expect((await db.select().from(auditLog).where(eq(auditLog.targetId, user.id))).map((a) => a.action)).toContain("user.password_reset");

    expect(await refusal(resetPassword(db, { token, password: "a second try", actor: { type: "user" } }))).toBe(`400 ${INVALID_RESET_LINK}`);
    expect(await findPasswordReset(db, token)).toBeNull();
    expect(await verifyPassword((await userRow(user.id)).passwordHash, "the new password")).toBe(true);
  });

  it("concurrent uses of one link: exactly one succeeds", async () => {
    const { user, token } = await requested("race");
    const passwords = Array.from({ length: 6 }, (_, i) => `racing password ${i}`);
    const outcomes = await Promise.allSettled(passwords.map((password) => resetPassword(db, { token, password, actor: { type: "user" } })));
    const won = outcomes.flatMap((o, i) => (o.status === "fulfilled" ? [passwords[i]!] : []));
    expect(won).toHaveLength(1);
    for (const o of outcomes) if (o.status === "rejected") expect((o.reason as Error).message).toBe(INVALID_RESET_LINK);
    const after = await userRow(user.id);
    expect(await verifyPassword(after.passwordHash, won[0]!)).toBe(true);
    expect(after.sessionVersion).toBe(1);
  });

  it("expires after 30 minutes", async () => {
    const { user, token } = await requested("late");
    const late = new Date(Date.now() + PASSWORD_RESET_TTL_MS + 60_000);
    expect(await findPasswordReset(db, token, late)).toBeNull();
    expect(await refusal(resetPassword(db, { token, password: "too late now", actor: { type: "user" }, now: late }))).toBe(`400 ${INVALID_RESET_LINK}`);
    expect(await verifyPassword((await userRow(user.id)).passwordHash, PASSWORD)).toBe(true);
  });

  it("using one link spends the user's other outstanding links; a made-up token is refused", async () => {
    const { user, token } = await requested("spent");
    const second = tokenOf((await requestPasswordReset(db, { email: user.email, ip: ip(), baseUrl: BASE })).link!);
    await resetPassword(db, { token: second, password: "via the second link", actor: { type: "user" } });
    expect(await refusal(resetPassword(db, { token, password: "via the first link", actor: { type: "user" } }))).toBe(`400 ${INVALID_RESET_LINK}`);
    expect(await refusal(resetPassword(db, { token: "x".repeat(43), password: "made up token", actor: { type: "user" } }))).toBe(`400 ${INVALID_RESET_LINK}`);
  });
});
