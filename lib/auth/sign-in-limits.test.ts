import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { auditLog } from "@/db/schema";
import { pruneRateLimitWindows } from "@/lib/http/rate-limit";
import { makeMerchant } from "@/tests/factories";
import { authorizeCredentials } from "./auth";
import * as password from "@/lib/users/password";
import { SIGN_IN_ACCOUNT_LIMIT, SIGN_IN_IP_LIMIT, SignInRateLimited, signInFailureMessage, withSignInLimits } from "@/lib/users/sign-in-limits";

let ipSeq = 0;
/** A fresh client address per test (the database is shared by the run). */
const freshIp = () => `198.51.${Math.floor(Math.random() * 250)}.${++ipSeq}`;

function request(ip: string): Request {
  return new Request("http://127.0.0.1/api/auth/callback/credentials", { method: "POST", headers: { "x-owo-peer-address": ip, "user-agent": "vitest" } });
}

async function attempt(email: string, pw: string, ip: string) {
  try {
    return { user: await authorizeCredentials({ email, password: pw }, request(ip)), error: null };
  } catch (error) {
    return { user: null, error };
  }
}

async function owner() {
  const { owner, merchant } = await makeMerchant();
  return { email: owner.email, password: "correct horse battery", merchantId: merchant.id, userId: owner.id };
}

describe("sign-in attempt limits", () => {
  it("5 failed attempts lock the account: the 6th is refused with 'Too many sign-in attempts. Try again in N minutes.', even with the right password", async () => {
    const o = await owner();
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT; i++) {
      const r = await attempt(o.email, "wrong password", ip);
      expect(r.error).toBeNull();
      expect(r.user).toBeNull();
    }
    const locked = await attempt(o.email, o.password, ip);
    expect(locked.error).toBeInstanceOf(SignInRateLimited);
    // 15 minutes, or 14 when the failures straddled a minute boundary (counted per minute).
    expect(signInFailureMessage(locked.error)).toMatch(/^Too many sign-in attempts\. Try again in 1[45] minutes\.$/);
    expect([14, 15]).toContain((locked.error as SignInRateLimited).retryAfterMinutes);
    // From another address too: the limit is the account's.
    const elsewhere = await attempt(o.email, o.password, freshIp());
    expect(elsewhere.error).toBeInstanceOf(SignInRateLimited);
  });

  it("a locked account costs no password hash: verify is never called", async () => {
    const o = await owner();
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT; i++) await attempt(o.email, "wrong password", ip);
    const spy = vi.spyOn(password, "verifyPassword");
    try {
      const r = await attempt(o.email, o.password, ip);
      expect(r.error).toBeInstanceOf(SignInRateLimited);
      expect(spy).not.toHaveBeenCalled();
      // (the spy does see a check that runs)
      await attempt(`someone-else-${ip}@example.com`, "whatever", ip);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("the lock is announced once in the audit log of the account's business (user.sign_in_blocked, no password)", async () => {
    const o = await owner();
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT + 2; i++) await attempt(o.email, "wrong password x", ip);
    const rows = await (
      await getDb()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, o.merchantId), eq(auditLog.action, "user.sign_in_blocked")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorUserId).toBe(o.userId);
    expect(rows[0]!.ip).toBe(ip);
    expect(JSON.stringify(rows[0])).not.toContain("wrong password x");
  });

  it("a successful sign-in does not count and clears the account's failures: 4 failures, a success, 4 more failures still sign in", async () => {
    const o = await owner();
    const ip = freshIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT - 1; i++) expect((await attempt(o.email, "wrong password", ip)).user).toBeNull();
      const ok = await attempt(o.email, o.password, ip);
      expect(ok.error).toBeNull();
      expect(ok.user?.email).toBe(o.email);
    }
    const ipRows = await queryRows<{ n: number }>(
      await getDb(),
      sql`select coalesce(sum(count), 0)::int as n from rate_limit_counters where bucket = ${"signin:ip:" + ip} and window_start > now()`,
    );
    expect(ipRows[0]!.n).toBe(2 * (SIGN_IN_ACCOUNT_LIMIT - 1)); // only the failures
  });

  it("successful sign-ins never lock anyone: 30 in a row from one address all succeed", async () => {
    const o = await owner();
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_IP_LIMIT + 10; i++) {
      const r = await withSignInLimits(await getDb(), { email: o.email, ip }, async () => ({ id: o.userId }));
      expect(r).toEqual({ id: o.userId });
    }
  });

  it("20 failed attempts from one IP (any accounts) lock that IP, for every account, but not other IPs", async () => {
    const o = await owner();
    const ip = freshIp();
    const db = await getDb();
    for (let i = 0; i < SIGN_IN_IP_LIMIT; i++) {
      // A different (unknown) account each time: only the IP limit can trip.
      expect(await withSignInLimits(db, { email: `nobody-${ip}-${i}@example.com`, ip }, async () => null)).toBeNull();
    }
    const fromThatIp = await attempt(o.email, o.password, ip);
    expect(fromThatIp.error).toBeInstanceOf(SignInRateLimited);
    expect(signInFailureMessage(fromThatIp.error)).toMatch(/^Too many sign-in attempts\. Try again in 1[45] minutes\.$/);
    const fromAnother = await attempt(o.email, o.password, freshIp());
    expect(fromAnother.error).toBeNull();
    expect(fromAnother.user?.email).toBe(o.email);
  });

  it("the counts are shared through Postgres: parallel attempts (as from several app instances) let at most 5 failures through per account", async () => {
    const verify = vi.fn(async () => null);
    const db = await getDb();
    const o2 = await owner();
    const parallel = await Promise.allSettled(Array.from({ length: 12 }, () => withSignInLimits(db, { email: o2.email, ip: freshIp() }, verify)));
    expect(verify.mock.calls.length).toBeLessThanOrEqual(SIGN_IN_ACCOUNT_LIMIT);
    expect(parallel.filter((p) => p.status === "rejected" && p.reason instanceof SignInRateLimited).length).toBe(12 - verify.mock.calls.length);
    // Refused attempts are not counted; the verified (failed) ones are, in rows every instance reads.
    const counted = await queryRows<{ n: number }>(
      db,
      sql`select coalesce(sum(count), 0)::int as n from rate_limit_counters where bucket = ${"signin:account:" + o2.email} and window_start > now()`,
    );
    expect(counted[0]!.n).toBe(verify.mock.calls.length);
  });

  it("the account key is the email case-insensitively: 'A@x' and 'a@x' share one limit", async () => {
    const o = await owner();
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT; i++) await attempt(i % 2 ? o.email.toUpperCase() : o.email, "wrong password", ip);
    expect((await attempt(` ${o.email.toUpperCase()} `, o.password, ip)).error).toBeInstanceOf(SignInRateLimited);
  });

  it("failures stop counting after 15 minutes, and pruning keeps them until then", async () => {
    const o = await owner();
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT; i++) await attempt(o.email, "wrong password", ip);
    const db = await getDb();
    await pruneRateLimitWindows(db); // the /v1 pruning (5-minute-old windows) must not drop live sign-in rows
    expect((await attempt(o.email, o.password, ip)).error).toBeInstanceOf(SignInRateLimited);
    // Age this account's failures past their 15 minutes (as the clock would).
    await queryRows(db, sql`update rate_limit_counters set window_start = now() - interval '1 second' where bucket = ${"signin:account:" + o.email}`);
    await queryRows(db, sql`update rate_limit_counters set window_start = now() - interval '1 second' where bucket = ${"signin:ip:" + ip}`);
    const after = await attempt(o.email, o.password, ip);
    expect(after.error).toBeNull();
    expect(after.user?.email).toBe(o.email);
    expect(await queryRows(db, sql`select 1 from rate_limit_counters where bucket like ${"signin:account:" + o.email}`)).toHaveLength(0);
  });
});
