import { fork } from "node:child_process";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as payoutsGet } from "@/app/v1/checkout/payouts/route";
import { getDb, type Db } from "@/db/client";
import { merchants, transfers } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { lagosDay, lagosDayStart } from "@/lib/lagos-day";
import { TRANSFER_AMOUNT_LIMITS } from "@/lib/transfers/transfer-amount-field";
import { makeKey } from "@/tests/factories";
import { call } from "@/tests/http";
import { balance, fund, fundLiveWallet, initiateOk, bankBody, uniqueRef, type TestKey } from "@/tests/transfers";
import { savePayoutSettings } from "./payout-settings";
import { duePeriod, largestPayout, nextPayoutAt, payoutReference, runDuePayouts } from "./run-payouts";

/*
 * Automatic payouts (supplement §13): at each payout time the wallet's available balance above
 * the reserve goes to the payout account as one transfer (`source: "payout"`, the transfer
 * path's fees and events); money that arrived that Lagos day waits for the next payout; a
 * period is paid once, also with two instances running the job at once and after a SIGKILL
 * mid-run. Real Postgres, the sandbox rail, and real child processes for the instances.
 */

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const owner: Actor = { type: "user", ip: "198.51.100.9", userAgent: "vitest payouts" };
/** Tomorrow at 12:00 Lagos: everything funded today has "arrived the day before". */
const tomorrowNoon = () => new Date(lagosDayStart(lagosDay(), 1).getTime() + 12 * 3_600_000);

/** A test-mode merchant with a funded wallet and a daily payout at 10:00. */
async function merchantWithPayouts(opts: { funds: number; reserve?: string; schedule?: "daily" | "weekly" | "manual"; weekday?: number }) {
  const key = await makeKey({ config: { rateLimit: 100_000 } });
  if (opts.funds > 0) await fund(key, opts.funds);
  await savePayoutSettings(db, {
    merchantId: key.merchantId,
    mode: "test",
    actor: owner,
    bankCode: "058",
    accountNumber: "0123456789",
    schedule: opts.schedule ?? "daily",
    hour: 10,
    weekday: opts.weekday ?? 1,
    reserve: opts.reserve ?? "",
  });
  return key;
}

const payoutsOf = (merchantId: string) =>
  db
    .select()
    .from(transfers)
    .where(and(eq(transfers.merchantId, merchantId), eq(transfers.source, "payout")));

/** Runs the job in `n` processes of their own at once (app instances), for these merchants, at `now`. */
function instances(n: number, merchantIds: string[], now: Date, opts: { killAfterMs?: number } = {}) {
  return Promise.all(
    Array.from({ length: n }, () => {
      const child = fork(path.join(import.meta.dirname, "../../tests/faults/payout-worker.ts"), [merchantIds.join(","), now.toISOString(), "3"], {
        execArgv: ["--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      return new Promise<string>((resolve, reject) => {
        child.on("message", (m) => {
          if (m === "ready" && opts.killAfterMs !== undefined) setTimeout(() => child.kill("SIGKILL"), opts.killAfterMs);
        });
        child.once("exit", (code, signal) =>
          code === 0 || signal === "SIGKILL" ? resolve(signal ?? "exit") : reject(new Error(`payout worker exited ${code}`)),
        );
      });
    }),
  );
}

describe("the amount", () => {
  it("is the largest transfer whose amount and charges fit in what is payable", () => {
    for (const payable of [10_000, 10_000 + 1_075, 500_500, 600_000, 1_000_000 + 7_000, 1_002_687, 5_005_000, 5_010_000, 900_000_000]) {
      const amount = largestPayout(payable);
      if (amount === null) {
        expect(payable).toBeLessThan(TRANSFER_AMOUNT_LIMITS.minKobo + 1_075);
        continue;
      }
      expect(transferCharges({ amount, type: "bank_transfer" }).total).toBeLessThanOrEqual(payable);
      // One kobo more would not fit (or passes a transfer's maximum).
      expect(amount === TRANSFER_AMOUNT_LIMITS.maxKobo || transferCharges({ amount: amount + 1, type: "bank_transfer" }).total > payable).toBe(true);
    }
    expect(largestPayout(5_000)).toBeNull();
    // Against a search down from the top: the first amount that fits is the one chosen.
    for (const payable of [505_000, 1_007_000, 5_010_000]) {
      let fits = payable;
      while (transferCharges({ amount: fits, type: "bank_transfer" }).total > payable) fits--;
      expect(largestPayout(payable), `payable ${payable}`).toBe(fits);
    }
  });

  it("is due at the Lagos hour, daily or on the weekday; manual never", () => {
    const at = (iso: string) => new Date(iso);
    // 09:30 Lagos is 08:30 UTC: before a 10:00 payout; 10:05 Lagos is due.
    expect(duePeriod({ schedule: "daily", hour: 10, weekday: 1 }, at("2026-11-30T08:30:00Z"))).toBeNull();
    expect(duePeriod({ schedule: "daily", hour: 10, weekday: 1 }, at("2026-11-30T09:05:00Z"))).toBe("2026-11-30");
    // 2026-11-30 is a Monday.
    expect(duePeriod({ schedule: "weekly", hour: 10, weekday: 1 }, at("2026-11-30T09:05:00Z"))).toBe("2026-11-30");
    expect(duePeriod({ schedule: "weekly", hour: 10, weekday: 5 }, at("2026-11-30T09:05:00Z"))).toBeNull();
    expect(duePeriod({ schedule: "manual", hour: 0, weekday: 1 }, at("2026-11-30T09:05:00Z"))).toBeNull();
    expect(nextPayoutAt({ schedule: "weekly", hour: 10, weekday: 5, lastRunPeriod: null }, at("2026-11-30T09:05:00Z"))!.toISOString()).toBe(
      "2026-12-04T09:00:00.000Z",
    );
  });
});

describe("a payout run", () => {
  it("sends the balance above the reserve as one transfer with source payout; the reserve stays in the wallet", async () => {
    const key = await merchantWithPayouts({ funds: 5_000_000, reserve: "10,000" });
    expect(await runDuePayouts(db, tomorrowNoon(), { merchantIds: [key.merchantId] })).toBe(1);
    const [payout] = await payoutsOf(key.merchantId);
    expect(payout).toMatchObject({
      type: "bank_transfer",
      recipientAccountNumber: "0123456789",
      merchantReference: payoutReference(lagosDay(tomorrowNoon())),
      source: "payout",
    });
    const total = payout!.amount + payout!.fee + payout!.vat + payout!.stampDuty;
    expect(total).toBeLessThanOrEqual(5_000_000 - 1_000_000);
    const left = await balance(key);
    expect(left).toBe(5_000_000 - total);
    expect(left).toBeGreaterThanOrEqual(1_000_000);
    // A second pass in the same period sends nothing more.
    expect(await runDuePayouts(db, tomorrowNoon(), { merchantIds: [key.merchantId] })).toBe(0);
    expect(await payoutsOf(key.merchantId)).toHaveLength(1);
  });

  it("waits for money that arrived today (Lagos): at today's payout time nothing of it is sent", async () => {
    const key = await merchantWithPayouts({ funds: 2_000_000 });
    const todayLate = new Date(lagosDayStart(lagosDay(), 0).getTime() + 23.9 * 3_600_000);
    expect(await runDuePayouts(db, todayLate, { merchantIds: [key.merchantId] })).toBe(0);
    expect(await payoutsOf(key.merchantId)).toHaveLength(0);
  });

  it("manual, or weekly on another day, sends nothing", async () => {
    const manual = await merchantWithPayouts({ funds: 2_000_000, schedule: "manual" });
    const when = tomorrowNoon();
    const otherDay = ((((when.getUTCDay() + 6) % 7) + 1) % 7) + 1;
    const weekly = await merchantWithPayouts({ funds: 2_000_000, schedule: "weekly", weekday: otherDay });
    expect(await runDuePayouts(db, when, { merchantIds: [manual.merchantId, weekly.merchantId] })).toBe(0);
  });

  it("two instances running the job at once pay each merchant once", async () => {
    const keys: TestKey[] = [];
    for (let i = 0; i < 3; i++) keys.push(await merchantWithPayouts({ funds: 3_000_000 }));
    const ids = keys.map((k) => k.merchantId);
    await instances(2, ids, tomorrowNoon());
    for (const key of keys) {
      const rows = await payoutsOf(key.merchantId);
      expect(rows, "one payout per merchant").toHaveLength(1);
      const t = rows[0]!;
      expect(await balance(key)).toBe(3_000_000 - (t.amount + t.fee + t.vat + t.stampDuty));
    }
  }, 60_000);

  it("an instance SIGKILLed mid-run, then the job again: each merchant paid once, the wallet debited once", async () => {
    const keys: TestKey[] = [];
    for (let i = 0; i < 4; i++) keys.push(await merchantWithPayouts({ funds: 4_000_000 }));
    const ids = keys.map((k) => k.merchantId);
    const [how] = await instances(1, ids, tomorrowNoon(), { killAfterMs: 15 });
    expect(["SIGKILL", "exit"]).toContain(how);
    await runDuePayouts(db, tomorrowNoon(), { merchantIds: ids });
    for (const key of keys) {
      const rows = await payoutsOf(key.merchantId);
      expect(rows).toHaveLength(1);
      const t = rows[0]!;
      expect(await balance(key)).toBe(4_000_000 - (t.amount + t.fee + t.vat + t.stampDuty));
    }
  }, 60_000);

  it("live mode waits for activation; a live payout goes through the live rail once activated", async () => {
    const key = await makeKey({ mode: "live", config: { rateLimit: 100_000 } });
    await fundLiveWallet(key.merchantId, 3_000_000);
    await savePayoutSettings(db, {
      merchantId: key.merchantId,
      mode: "live",
      actor: owner,
      bankCode: "058",
      accountNumber: "0123456789",
      schedule: "daily",
      hour: 0,
      weekday: 1,
      reserve: "",
    });
    await db.update(merchants).set({ activatedAt: null }).where(eq(merchants.id, key.merchantId));
    expect(await runDuePayouts(db, tomorrowNoon(), { merchantIds: [key.merchantId] })).toBe(0);
    await db.update(merchants).set({ activatedAt: new Date() }).where(eq(merchants.id, key.merchantId));
    expect(await runDuePayouts(db, tomorrowNoon(), { merchantIds: [key.merchantId] })).toBe(1);
    const [t] = await payoutsOf(key.merchantId);
    expect(t).toMatchObject({ mode: "live", rail: "sandbox" });
  });
});

describe("GET /v1/checkout/payouts", () => {
  it("lists the merchant's payouts only, as transfer objects with source payout; other transfers and merchants are not in it", async () => {
    const key = await merchantWithPayouts({ funds: 6_000_000 });
    await initiateOk(key, bankBody({ amount: 100_000, reference: uniqueRef("not-a-payout") }));
    await runDuePayouts(db, tomorrowNoon(), { merchantIds: [key.merchantId] });
    const other = await merchantWithPayouts({ funds: 2_000_000 });
    await runDuePayouts(db, tomorrowNoon(), { merchantIds: [other.merchantId] });
    const r = await call<{ items: { source: string; merchant_reference: string }[]; total: number }>(payoutsGet, {
      path: "/v1/checkout/payouts",
      key: key.secretKey,
    });
    expect(r.status).toBe(200);
    expect(r.body.data!.total).toBe(1);
    expect(r.body.data!.items[0]).toMatchObject({ source: "payout", merchant_reference: payoutReference(lagosDay(tomorrowNoon())) });
    const bad = await call(payoutsGet, { path: "/v1/checkout/payouts?status=lost", key: key.secretKey });
    expect(bad.status).toBe(400);
  });
});
