import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as pay } from "@/app/v1/sandbox/payments/route";
import { getDb, queryRows } from "@/db/client";
import { dailySessions, dailyVolume, payments, type Mode } from "@/db/schema";
import { findPayId } from "@/lib/payids/find-pay-id";
import { receivePayment } from "@/lib/payments/receive-payment";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { newSession, sessionKey } from "@/tests/sessions";
import { getCheckoutConversion, getCollections } from "./collections";
import { lagosDay } from "@/lib/lagos-day";

/** The rollup rows of one merchant, as {mode|day: [amount, count]}. */
async function volumeRollup(merchantId: string) {
  const rows = await (await getDb()).select().from(dailyVolume).where(eq(dailyVolume.merchantId, merchantId));
  return Object.fromEntries(rows.map((r) => [`${r.mode}|${r.day}`, [Number(r.amountKobo), r.count]]));
}

/** The same figures the naive way: a scan of the merchant's payments. */
async function volumeNaive(merchantId: string) {
  const rows = await queryRows<{ mode: string; day: string; amount: string; n: string }>(
    await getDb(),
    sql`select mode, to_char((paid_at at time zone 'Africa/Lagos')::date, 'YYYY-MM-DD') as day, sum(amount)::text as amount, count(*)::text as n
        from payments where merchant_id = ${merchantId}::uuid group by 1, 2`,
  );
  return Object.fromEntries(rows.map((r) => [`${r.mode}|${r.day}`, [Number(r.amount), Number(r.n)]]));
}

async function sessionsRollup(merchantId: string) {
  // A day's figures are spread over a few rows (one per writer's connection slot): summed here, as the overview does.
  const rows = await (await getDb()).select().from(dailySessions).where(eq(dailySessions.merchantId, merchantId));
  const byDay: Record<string, [number, number]> = {};
  for (const r of rows) {
    const day = (byDay[`${r.mode}|${r.day}`] ??= [0, 0]);
    day[0] += r.started;
    day[1] += r.completed;
  }
  return Object.fromEntries(Object.entries(byDay).filter(([, [started, completed]]) => started || completed));
}

async function sessionsNaive(merchantId: string) {
  const rows = await queryRows<{ mode: string; day: string; started: string; completed: string }>(
    await getDb(),
    sql`select mode, day, sum(started)::text as started, sum(completed)::text as completed from (
          select mode, to_char((created_at at time zone 'Africa/Lagos')::date, 'YYYY-MM-DD') as day, 1 as started, 0 as completed from checkout_sessions where merchant_id = ${merchantId}::uuid
          union all
          select mode, to_char((paid_at at time zone 'Africa/Lagos')::date, 'YYYY-MM-DD'), 0, 1 from checkout_sessions where merchant_id = ${merchantId}::uuid and status = 'completed'
        ) s group by 1, 2`,
  );
  return Object.fromEntries(rows.map((r) => [`${r.mode}|${r.day}`, [Number(r.started), Number(r.completed)]]));
}

describe("overview rollups (kept by triggers)", () => {
  it("daily_volume equals sum/count over payments after concurrent sandbox payments (test) and receive-path payments (live)", async () => {
    const { merchant, payIds } = await makeMerchant();
    const payer = await makeKey();
    const db = await getDb();
    const testAmounts = Array.from({ length: 24 }, (_, i) => 10_000 + i * 137);
    const liveAmounts = Array.from({ length: 12 }, (_, i) => 50_000 + i * 11);
    const livePayId = (await findPayId(db, { mode: "live", payId: payIds.live }))!;
    const answers = await Promise.all([
      ...testAmounts.map((amount) => call(pay, { method: "POST", key: payer.secretKey, path: "/v1/sandbox/payments", json: { pay_id: payIds.test, amount } })),
      ...liveAmounts.map((amount) =>
        db.transaction((tx) => receivePayment(tx, { destination: { kind: "pay_id", payId: livePayId }, amount })).then(() => ({ status: 200, text: "" })),
      ),
    ]);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.text)).toEqual([]);

    expect(await volumeRollup(merchant.id)).toEqual(await volumeNaive(merchant.id));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const scope = (mode: Mode) => ({ merchantId: merchant.id, mode });
    const test = await getCollections(db, scope("test"));
    const live = await getCollections(db, scope("live"));
    expect(test.today).toEqual({ amount: sum(testAmounts), count: testAmounts.length });
    expect(test.last30).toEqual(test.today);
    expect(live.today).toEqual({ amount: sum(liveAmounts), count: liveAmounts.length });
    expect(test.days).toHaveLength(30);
    expect(test.days.at(-1)!.day).toBe(lagosDay(new Date()));
  });

  it("a payment at 23:59:59 Lagos counts on that day, one at 00:00:00 on the next (Africa/Lagos is UTC+1)", async () => {
    const { merchant, payIds } = await makeMerchant();
    const db = await getDb();
    const wallet = (await findPayId(db, { mode: "test", payId: payIds.test }))!;
    const base = { merchantId: merchant.id, mode: "test" as const, channel: "payid", destinationKind: "wallet" as const, settlementPayIdId: wallet.id };
    const tag = Math.random().toString(36).slice(2);
    const before = new Date("2026-03-10T22:59:59.999Z"); // 23:59:59.999 on 10 March in Lagos
    const after = new Date("2026-03-10T23:00:00.000Z"); // midnight, 11 March in Lagos
    await db.insert(payments).values([
      { ...base, reference: `edge1-${tag}`, amount: 1_000, paidAt: before },
      { ...base, reference: `edge2-${tag}`, amount: 2_000, paidAt: after },
      { ...base, reference: `edge3-${tag}`, amount: 4_000, paidAt: after },
    ]);
    expect(lagosDay(before)).toBe("2026-03-10");
    expect(lagosDay(after)).toBe("2026-03-11");
    expect(await volumeRollup(merchant.id)).toEqual({ "test|2026-03-10": [1_000, 1], "test|2026-03-11": [6_000, 2] });
    expect(await volumeRollup(merchant.id)).toEqual(await volumeNaive(merchant.id));
    const seen = await getCollections(db, { merchantId: merchant.id, mode: "test", now: new Date("2026-03-11T10:00:00Z") });
    expect(seen.today).toEqual({ amount: 6_000, count: 2 });
    expect(seen.last7).toEqual({ amount: 7_000, count: 3 });
    const live = await getCollections(db, { merchantId: merchant.id, mode: "live", now: new Date("2026-03-11T10:00:00Z") });
    expect(live.last30).toEqual({ amount: 0, count: 0 });
  });

  it("daily_sessions counts sessions started and completed per mode, matching the sessions table after concurrent payments", async () => {
    const config = { paymentMethods: ["bank_transfer", "payid", "card"] as ("bank_transfer" | "payid" | "card")[] };
    const testKey = await sessionKey({ config });
    const liveKey = await sessionKey({ merchantId: testKey.merchantId, mode: "live", config });
    const body = { payment_methods: ["bank_transfer", "card"] };
    const testSessions = await Promise.all(Array.from({ length: 6 }, () => newSession(testKey.secretKey, body)));
    const liveSessions = await Promise.all(Array.from({ length: 3 }, () => newSession(liveKey.secretKey, body)));
    const db = await getDb();
    const paySession = (sessionId: string) =>
      db.transaction((tx) => receivePayment(tx, { destination: { kind: "session", sessionId, channel: "card" }, amount: 50_000 }));
    // Four test sessions paid at once (one of them twice: the second is refused), one live.
    const paid = await Promise.allSettled([
      ...testSessions.slice(0, 4).map((s) => paySession(s.session_id)),
      paySession(testSessions[0]!.session_id),
      paySession(liveSessions[0]!.session_id),
    ]);
    expect(paid.filter((p) => p.status === "fulfilled")).toHaveLength(5);

    expect(await sessionsRollup(testKey.merchantId)).toEqual(await sessionsNaive(testKey.merchantId));
    expect(await getCheckoutConversion(db, { merchantId: testKey.merchantId, mode: "test" })).toEqual({ started: 6, completed: 4, rate: 4 / 6 });
    expect(await getCheckoutConversion(db, { merchantId: testKey.merchantId, mode: "live" })).toEqual({ started: 3, completed: 1, rate: 1 / 3 });
    const [vol] = await db
      .select()
      .from(dailyVolume)
      .where(and(eq(dailyVolume.merchantId, testKey.merchantId), eq(dailyVolume.mode, "test")));
    expect(vol).toMatchObject({ amountKobo: 200_000, count: 4 });
  });
});
