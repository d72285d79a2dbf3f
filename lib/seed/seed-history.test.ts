import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { getCollections, getCheckoutConversion } from "@/lib/overview/collections";
import { getStarted } from "@/lib/overview/get-started";
import { lagosDay, lagosDayStart } from "@/lib/lagos-day";
import { DEMO_FAILING_WEBHOOK, HISTORY_DAYS, historySpan, todayStepTime } from "./seed-history";
import { seedDemo } from "./seed-demo";

/*
 * The trial's demo history (issue 26 item 3): seeded by seedDemo on this worker's own database,
 * through the domain commands, then moved back over 30 days. Checked from the rows it left.
 */

let dir: string;
const saved = { OWO_DATA_DIR: process.env.OWO_DATA_DIR, OWO_SEED_DEMO: process.env.OWO_SEED_DEMO };
let demo: Awaited<ReturnType<typeof seedDemo>>;
let seedMs = 0;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-history-"));
  process.env.OWO_DATA_DIR = dir;
  process.env.OWO_SEED_DEMO = "1";
  const started = performance.now();
  demo = await seedDemo(await getDb());
  seedMs = performance.now() - started;
}, 120_000);

afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

type Counts = Record<string, number>;
async function counts(merchantId: string): Promise<Counts> {
  const [row] = await queryRows<Counts>(
    await getDb(),
    sql`select
      (select count(*)::int from payments where merchant_id = ${merchantId}) as payments,
      (select count(*)::int from transfers where merchant_id = ${merchantId}) as transfers,
      (select count(*)::int from invoices where merchant_id = ${merchantId}) as invoices,
      (select count(*)::int from refunds where merchant_id = ${merchantId}) as refunds,
      (select count(*)::int from checkout_sessions where merchant_id = ${merchantId}) as sessions,
      (select count(*)::int from events where merchant_id = ${merchantId}) as events,
      (select count(*)::int from api_key_pairs where merchant_id = ${merchantId}) as keys,
      (select count(*)::int from journal_entries) as entries`,
  );
  return row!;
}

describe("the trial's demo history: 30 days of a busy shop (issue 26 item 3)", () => {
  it("is made quickly, on every channel, with transfers (one failed, its money back), invoices, a refund and a failed webhook", async () => {
    const db = await getDb();
    const m = demo.business.id;
    expect(demo.history?.seeded).toBe(true);
    console.log(`demo history seeded in ${Math.round(seedMs)} ms (${demo.history?.payments} payments)`);
    expect(seedMs).toBeLessThan(30_000);

    const channels = (
      await queryRows<{ channel: string }>(db, sql`select distinct channel from payments where merchant_id = ${m} and mode = 'test' order by 1`)
    ).map((r) => r.channel);
    expect(channels).toEqual(expect.arrayContaining(["bank_transfer", "card", "crypto", "payid"]));
    expect(await queryRows(db, sql`select 1 from payments where merchant_id = ${m} and mode = 'live'`)).toEqual([]);

    const transfers = await queryRows<{ type: string; status: string }>(db, sql`select type, status from transfers where merchant_id = ${m} and mode = 'test'`);
    expect(transfers.filter((t) => t.type === "bank_transfer" && t.status === "completed").length).toBeGreaterThanOrEqual(3);
    expect(transfers.filter((t) => t.type === "payid" && t.status === "completed")).toHaveLength(1);
    expect(transfers.filter((t) => t.status === "failed")).toHaveLength(1);
    // The failed transfer's debit was reversed: its money is back in the wallet.
    const [failed] = await queryRows<{ reference: string }>(db, sql`select reference from transfers where merchant_id = ${m} and status = 'failed'`);
    const entries = (
      await queryRows<{ reference: string }>(db, sql`select reference from journal_entries where reference like ${`${failed!.reference}%`} order by reference`)
    ).map((e) => e.reference);
    expect(entries.length).toBe(2);

    const invoices = (await queryRows<{ status: string }>(db, sql`select status from invoices where merchant_id = ${m} order by status`)).map((i) => i.status);
    expect(invoices).toContain("paid");
    expect(invoices.filter((s) => s !== "paid").length).toBe(1);

    const refunds = await queryRows<{ status: string }>(db, sql`select status from refunds where merchant_id = ${m}`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.status).not.toMatch(/rejected|failed/);

    const failedDeliveries = await queryRows<{ type: string; status_code: number | null }>(
      db,
      sql`select e.type, a.status_code from webhook_attempts a join events e on e.id = a.event_id join api_key_pairs k on k.id = e.key_pair_id
          where e.merchant_id = ${m} and k.webhook_url = ${DEMO_FAILING_WEBHOOK}`,
    );
    expect(failedDeliveries.length).toBeGreaterThanOrEqual(1);
    expect(failedDeliveries.every((a) => a.status_code === null || a.status_code >= 300)).toBe(true);
  });

  it("spans the last 30 days, and the overview's figures show them", async () => {
    const db = await getDb();
    const m = demo.business.id;
    const span = await historySpan(db, m);
    const ageDays = (iso: string) => (Date.now() - new Date(iso).getTime()) / 86_400_000;
    expect(ageDays(span.oldest!)).toBeGreaterThan(HISTORY_DAYS - 2);
    expect(ageDays(span.oldest!)).toBeLessThan(HISTORY_DAYS);
    expect(ageDays(span.newest!)).toBeGreaterThanOrEqual(0); // nothing in the future
    expect(span.days).toBe(HISTORY_DAYS);

    const collections = await getCollections(db, { merchantId: m, mode: "test" });
    expect(collections.days.filter((d) => d.count > 0).length).toBe(HISTORY_DAYS);
    // Collected is money received less completed refunds; a payment refunded whole no longer counts.
    const [paid] = await queryRows<{ n: number; total: string }>(
      db,
      sql`select count(*) filter (where coalesce(r.back, 0) < p.amount)::int as n, (sum(p.amount) - coalesce(sum(r.back), 0))::text as total
          from payments p
          left join (select payment_reference, sum(amount) as back from refunds where merchant_id = ${m} and mode = 'test' and status = 'completed' group by 1) r
            on r.payment_reference = p.reference
          where p.merchant_id = ${m} and p.mode = 'test'`,
    );
    expect(collections.last30).toEqual({ amount: Number(paid!.total), count: paid!.n });
    const conversion = await getCheckoutConversion(db, { merchantId: m, mode: "test" });
    expect(conversion.started).toBeGreaterThan(conversion.completed);
    expect(conversion.completed).toBeGreaterThan(0);

    // Ordered as it happened: no payment row is newer than one made after it.
    const [disorder] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select paid_at, lag(paid_at) over (order by id) as before from payments where merchant_id = ${m} and mode = 'test') s where paid_at < before`,
    );
    expect(disorder!.n).toBe(0);
    // The demo business is set up: its Home shows figures, not the checklist.
    expect((await getStarted(db, m)).hidden).toBe(true);
  });

  it("keeps the ledger balanced", async () => {
    const audit = await auditLedger(await getDb());
    expect(audit.unbalancedEntries).toBe(0);
    expect(audit.mismatchedAccounts).toBe(0);
  });

  it("is made once: seeding again adds nothing", async () => {
    const before = await counts(demo.business.id);
    const again = await seedDemo(await getDb());
    expect(again.history).toEqual({ seeded: false, payments: 0 });
    expect(await counts(demo.business.id)).toEqual(before);
  });
});

describe("today's demo activity (the 30th day of the history)", () => {
  it("is stamped on today's Lagos day, in order and before now, even just after Lagos midnight", () => {
    const today = lagosDay(new Date("2026-11-30T12:00:00Z"));
    const midnight = lagosDayStart(today).getTime();
    // A minute, 39 minutes and 12 hours after midnight in Lagos (23:01, 23:39 and 11:00 UTC).
    for (const now of [midnight + 60_000, midnight + 39 * 60_000, midnight + 12 * 3_600_000]) {
      const times = Array.from({ length: 14 }, (_, k) => todayStepTime(now, k).getTime());
      for (const t of times) {
        expect(lagosDay(new Date(t)), new Date(now).toISOString()).toBe(today);
        expect(t).toBeLessThan(now);
      }
      for (let k = 1; k < times.length; k++) expect(times[k]).toBeGreaterThan(times[k - 1]!);
    }
  });
});
