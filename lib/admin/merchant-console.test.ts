import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as banksGet } from "@/app/v1/checkout/transfer/banks/route";
import { getDb, queryRows, type Db } from "@/db/client";
import { auditLog, merchants, type Mode } from "@/db/schema";
import { CLI_ACTOR, type Actor } from "@/lib/audit/record-audit";
import { route } from "@/lib/http/route";
import { randomBase62 } from "@/lib/ids";
import { lastLagosDays } from "@/lib/lagos-day";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { insertPayment, receivingMerchant } from "@/tests/receiving-rows";
import { fundedKey, fundLiveWallet } from "@/tests/transfers";
import { createAdmin } from "./create-admin";
import { getAdminMerchant } from "./merchant-detail";
import { getPlatformTotals } from "./platform-totals";
import { searchMerchants } from "./search-merchants";
import { setMerchantSuspended } from "./suspend-merchant";

let db: Db;
let admin: Actor & { userId: string };
const banks = (key: string) => call(banksGet, { path: "/v1/checkout/transfer/banks", key });
const anyKey = route({ keys: "any" }, async () => ({ ok: true }));
const withPublicKey = (key: string) => call(anyKey, { path: "/v1/test", key });

beforeAll(async () => {
  db = await getDb();
  const a = await createAdmin(db, { email: `console-admin-${randomBase62(6).toLowerCase()}@owo.test`, password: "owo-admin-password", actor: CLI_ACTOR });
  admin = { type: "admin", userId: a.id, ip: "203.0.113.9", userAgent: "vitest" };
});

afterEach(() => {
  vi.useRealTimers();
});

const auditOf = (merchantId: string) =>
  db
    .select({ action: auditLog.action, actorType: auditLog.actorType, actorUserId: auditLog.actorUserId, changes: auditLog.changes, ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.merchantId, merchantId), sql`${auditLog.action} like 'merchant.%suspended'`))
    .orderBy(auditLog.createdAt);

describe("suspending a merchant (issue 18 item 8)", () => {
  it("refuses every key of the merchant (secret and public, test and live) with 403 MERCHANT_SUSPENDED at once, audited with who and why; lifting it restores them", async () => {
    const test = await makeKey({ config: { rateLimit: 100_000 } });
    const live = await makeKey({ merchantId: test.merchantId, mode: "live", config: { rateLimit: 100_000 } });
    const bystander = await makeKey({ config: { rateLimit: 100_000 } });
    // Warm this instance's key cache: the suspension must not wait for it to expire.
    expect((await banks(test.secretKey)).status).toBe(200);
    expect((await banks(live.secretKey)).status).toBe(200);
    expect((await withPublicKey(test.publicKey)).status).toBe(200);

    const r = await setMerchantSuspended(db, { merchantId: test.merchantId, suspended: true, reason: "Chargeback pattern under investigation", actor: admin });
    expect(r).toMatchObject({ suspended: true, changed: true });

    for (const refused of [await banks(test.secretKey), await banks(live.secretKey), await withPublicKey(test.publicKey)]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        success: false,
        error: { code: "MERCHANT_SUSPENDED", message: "This account is suspended by the service. Contact support." },
      });
      expect(refused.body.correlationId).toBe(refused.headers.get("x-correlation-id"));
      expect(refused.headers.get("x-ratelimit-limit")).toBeTruthy();
    }
    expect((await banks(bystander.secretKey)).status).toBe(200);
    const row = (
      await db.select({ at: merchants.suspendedAt, reason: merchants.suspendedReason }).from(merchants).where(eq(merchants.id, test.merchantId))
    )[0]!;
    expect(row.at).toBeInstanceOf(Date);
    expect(row.reason).toBe("Chargeback pattern under investigation");

    // Asking again changes nothing and audits nothing.
    expect(await setMerchantSuspended(db, { merchantId: test.merchantId, suspended: true, reason: "again", actor: admin })).toMatchObject({ changed: false });

    await setMerchantSuspended(db, { merchantId: test.merchantId, suspended: false, reason: "Cleared by risk team", actor: admin });
    expect((await banks(test.secretKey)).status).toBe(200);
    expect((await banks(live.secretKey)).status).toBe(200);
    expect((await withPublicKey(test.publicKey)).status).toBe(200);
    expect((await db.select({ reason: merchants.suspendedReason }).from(merchants).where(eq(merchants.id, test.merchantId)))[0]!.reason).toBeNull();

    expect(await auditOf(test.merchantId)).toEqual([
      {
        action: "merchant.suspended",
        actorType: "admin",
        actorUserId: admin.userId,
        ip: "203.0.113.9",
        changes: { suspended: { from: false, to: true }, reason: { to: "Chargeback pattern under investigation" } },
      },
      {
        action: "merchant.unsuspended",
        actorType: "admin",
        actorUserId: admin.userId,
        ip: "203.0.113.9",
        changes: { suspended: { from: true, to: false }, reason: { to: "Cleared by risk team" } },
      },
    ]);
  });

  it("bad input changes nothing: a missing reason is a validation error, an unknown merchant is not found", async () => {
    const key = await makeKey({ config: { rateLimit: 100_000 } });
    await expect(setMerchantSuspended(db, { merchantId: key.merchantId, suspended: true, reason: "  ", actor: admin })).rejects.toMatchObject({ status: 400 });
    await expect(
      setMerchantSuspended(db, { merchantId: "00000000-0000-7000-8000-000000000000", suspended: true, reason: "Fraud", actor: admin }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(setMerchantSuspended(db, { merchantId: "nope", suspended: true, reason: "Fraud", actor: admin })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await banks(key.secretKey)).status).toBe(200);
    expect(await auditOf(key.merchantId)).toEqual([]);
  });

  it("another instance's suspension (its key cache is not this one's) holds here once this cache's entry expires (OWO_KEY_CACHE_MS, 5 s)", async () => {
    const key = await makeKey({ config: { rateLimit: 100_000 } });
    expect((await banks(key.secretKey)).status).toBe(200); // cached here
    // What another instance's setMerchantSuspended writes; it can only clear its own cache.
    await db.update(merchants).set({ suspendedAt: new Date(), suspendedReason: "elsewhere" }).where(eq(merchants.id, key.merchantId));
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + Number(process.env.OWO_KEY_CACHE_MS ?? 5_000) + 1);
    expect((await banks(key.secretKey)).body.error?.code).toBe("MERCHANT_SUSPENDED");
    await db.update(merchants).set({ suspendedAt: null, suspendedReason: null }).where(eq(merchants.id, key.merchantId));
    vi.setSystemTime(Date.now() + Number(process.env.OWO_KEY_CACHE_MS ?? 5_000) + 1);
    expect((await banks(key.secretKey)).status).toBe(200);
  });
});

describe("merchant search", () => {
  it("finds merchants by part of the name (any case), a member's email or the whole id; pages newest first", async () => {
    const tag = randomBase62(8).toLowerCase();
    const a = await makeMerchant({ name: `Zobo Ventures ${tag} One` });
    const b = await makeMerchant({ name: `Zobo Ventures ${tag} Two` });
    const c = await makeMerchant({ name: `Zobo Ventures ${tag} Three` });
    const ids = [c, b, a].map((m) => m.merchant.id);

    const byName = await searchMerchants(db, { q: `ventures ${tag.toUpperCase()}` });
    expect(byName.items.map((m) => m.id)).toEqual(ids);
    expect(byName.total).toBe(3);
    expect(byName.items[0]!.ownerEmail).toBe(c.owner.email);

    const p1 = await searchMerchants(db, { q: tag, pageSize: 2 });
    const p2 = await searchMerchants(db, { q: tag, page: 2, pageSize: 2 });
    expect([...p1.items, ...p2.items].map((m) => m.id)).toEqual(ids);
    expect([p1.total, p1.total_pages, p2.items.length]).toEqual([3, 2, 1]);

    const email = b.owner.email;
    expect((await searchMerchants(db, { q: email.slice(0, -4).toUpperCase() })).items.map((m) => m.id)).toEqual([b.merchant.id]);
    expect((await searchMerchants(db, { q: a.merchant.id.toUpperCase() })).items.map((m) => m.id)).toEqual([a.merchant.id]);
    expect((await searchMerchants(db, { q: `${tag}%` })).total).toBe(0); // % is literal
    expect((await searchMerchants(db, { q: `no such ${tag}` })).items).toEqual([]);

    await setMerchantSuspended(db, { merchantId: b.merchant.id, suspended: true, reason: "Search shows it", actor: admin });
    expect((await searchMerchants(db, { q: tag })).items.find((m) => m.id === b.merchant.id)!.suspendedAt).toBeInstanceOf(Date);
  });
});

describe("merchant detail", () => {
  it("shows each mode's balances, 30-day volume from the rollup, recent payments, and key prefixes only (never a secret)", async () => {
    const key = await fundedKey(700_000);
    const m = await receivingMerchant({ merchantId: key.merchantId });
    await insertPayment(m, { amount: 120_000 });
    await insertPayment(m, { amount: 30_000 });
    await insertPayment(m, { amount: 99_000, paidAt: new Date(Date.now() - 45 * 86_400_000) }); // outside 30 days
    const live = await makeKey({ merchantId: key.merchantId, mode: "live" });
    await fundLiveWallet(key.merchantId, 55_500);

    const d = (await getAdminMerchant(db, key.merchantId))!;
    expect(d.modes.test.balances.available).toBe(700_000);
    expect(d.modes.live.balances.available).toBe(55_500);
    expect(d.modes.test.volume30d).toEqual({ amount: 150_000, count: 2 });
    expect(d.modes.live.volume30d).toEqual({ amount: 0, count: 0 });
    expect(d.modes.test.recentPayments.map((p) => p.amount)).toEqual(expect.arrayContaining([120_000, 30_000, 99_000]));
    expect(d.suspension).toBeNull();

    const hints = d.keyPairs.map((k) => [k.mode, k.secretKeyHint, k.publicKeyHint]);
    expect(hints).toContainEqual(["test", `${key.secretKey.slice(0, 12)}…${key.secretKey.slice(-4)}`, `${key.publicKey.slice(0, 14)}…`]);
    const json = JSON.stringify(d);
    for (const secret of [key.secretKey, key.publicKey, key.webhookSecret, live.secretKey, live.publicKey, key.secretKey.slice(12, -4)])
      expect(json).not.toContain(secret);

    await setMerchantSuspended(db, { merchantId: key.merchantId, suspended: true, reason: "Unusual refunds", actor: admin });
    const after = (await getAdminMerchant(db, key.merchantId))!;
    expect(after.suspension).toMatchObject({ reason: "Unusual refunds" });
    expect(after.suspension!.at).toBeInstanceOf(Date);
  });
});

describe("platform totals", () => {
  it("equal naive sums over the raw tables (payments, ledger postings, refunds, payouts, merchants), read in one snapshot", async () => {
    // Some data of our own, so the sums are not all zero.
    const key = await fundedKey(250_000);
    await insertPayment(await receivingMerchant({ merchantId: key.merchantId }), { amount: 410_000 });
    await fundLiveWallet(key.merchantId, 80_000);

    await db.transaction(
      async (tx) => {
        const totals = await getPlatformTotals(tx);
        const [from] = lastLagosDays(new Date(), 30);
        const since = new Date(Date.now() - 30 * 86_400_000);
        const naive = async <T>(q: ReturnType<typeof sql>) => queryRows<T>(tx, q);
        const [m] = await naive<{ n: number; s: number }>(sql`select count(*)::int as n, count(suspended_at)::int as s from merchants`);
        expect([totals.merchants, totals.suspendedMerchants]).toEqual([m!.n, m!.s]);
        const volume = await naive<{ mode: Mode; amount: string; n: number }>(
          sql`select mode, sum(amount)::text as amount, count(*)::int as n from payments where owo_lagos_day(paid_at) >= ${from}::date group by mode`,
        );
        const held = await naive<{ mode: Mode; total: string }>(
          sql`select a.mode, sum(p.amount)::text as total from postings p join ledger_accounts a on a.id = p.account_id
              where a.merchant_id is not null and a.kind in ('wallet', 'pending_settlement') group by a.mode`,
        );
        const failed = await naive<{ mode: Mode; n: number }>(
          sql`select mode, count(*)::int as n from settlement_payouts where status = 'failed' and created_at >= ${since.toISOString()}::timestamptz group by mode`,
        );
        const [waiting] = await naive<{ n: number }>(sql`select count(*)::int as n from refunds where status = 'requested'`);
        for (const mode of ["test", "live"] as const) {
          const v = volume.find((r) => r.mode === mode);
          expect(totals.byMode[mode].volume30d, mode).toEqual({ amount: Number(v?.amount ?? 0), count: v?.n ?? 0 });
          expect(totals.byMode[mode].balancesHeld, mode).toBe(Number(held.find((r) => r.mode === mode)?.total ?? 0));
          expect(totals.byMode[mode].failedPayouts, mode).toBe(failed.find((r) => r.mode === mode)?.n ?? 0);
        }
        expect(totals.refundsAwaitingReview).toBe(waiting!.n);
        expect(totals.byMode.test.volume30d.amount).toBeGreaterThanOrEqual(410_000);
        expect(totals.byMode.live.balancesHeld).toBeGreaterThanOrEqual(80_000);
      },
      { isolationLevel: "repeatable read" },
    );
  });
});
