import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { getDb, postgresOptions, queryRows, type Db } from "@/db/client";
import * as schema from "@/db/schema";
import { settlementBatches } from "@/db/schema";
import { decideSandboxTransfer } from "@/lib/rails/sandbox/sandbox-transfers";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { JOBS } from "@/lib/scheduler/jobs";
import {
  batchEntries,
  batchRows,
  bookedPayment,
  merchantBalance,
  paymentRows,
  payoutRows,
  ScriptedBank,
  settlementMerchant,
  useBank,
} from "@/tests/settlement";
import { listBatches, listPayouts } from "./list-settlements";
import { cutOffDuePayments, payoutReference, retryAfterMs, runSettlement } from "./run-settlement";
import { setSettlementSettings } from "./settlement-settings";

// Far from the real clock, so another test file's scheduler pass (real "now") never takes
// these payments at its cutoff, nor retries these failed payouts.
const CUTOFF = new Date("2090-01-01T15:00:00.000Z");
const before = (ms = 3_600_000) => new Date(CUTOFF.getTime() - ms);
const after = (ms = 3_600_000) => new Date(CUTOFF.getTime() + ms);

/** A handle of its own on the test database that counts the statements sent through it. */
async function countingDb() {
  const counter = { statements: 0 };
  const client = postgres({ ...postgresOptions(process.env.DATABASE_URL!), max: 1, debug: () => void counter.statements++ });
  const db = drizzle(client, { schema, casing: "snake_case" }) as Db;
  await db.execute(sql`select 1`); // the connection's own set-up queries are not counted
  return Object.assign(counter, { db, close: () => client.end({ timeout: 5 }) });
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

async function bankSettings(merchantId: string, mode: "test" | "live" = "test") {
  return setSettlementSettings(await getDb(), { merchantId, mode, destination: "bank_account", bankCode: "058", accountNumber: "0123456789" });
}

describe("cutoff and batching", () => {
  it("batches every pending payment due by the cutoff into one batch per merchant and mode; later and under_review payments stay", async () => {
    const m = await settlementMerchant();
    const due = [
      await bookedPayment(m, { amount: 500_000, expectedPayoutAt: before() }),
      await bookedPayment(m, { amount: 1_000_000, expectedPayoutAt: CUTOFF }),
    ];
    const later = await bookedPayment(m, { expectedPayoutAt: after() });
    const review = await bookedPayment(m, { expectedPayoutAt: before(), settlementStatus: "under_review" });

    expect(await cutOffDuePayments(await getDb(), { merchantId: m.merchantId, now: CUTOFF })).toBe(2);
    const [batch, ...more] = await batchRows(m.merchantId);
    expect(more).toHaveLength(0);
    expect(batch).toMatchObject({ mode: "test", status: "open", paymentCount: 2, gross: 1_500_000, fees: 7_500, net: 1_492_500 });
    expect(batch!.cutoffAt.getTime()).toBeLessThanOrEqual(CUTOFF.getTime()); // the moment it was cut, never later than `now`

    const rows = new Map((await paymentRows(m.merchantId)).map((p) => [p.id, p]));
    for (const p of due) expect(rows.get(p.id)).toMatchObject({ settlementStatus: "batched", batchId: batch!.id });
    expect(rows.get(later.id)).toMatchObject({ settlementStatus: "pending_settlement", batchId: null });
    expect(rows.get(review.id)).toMatchObject({ settlementStatus: "under_review", batchId: null });
    // Nothing left due: a second cutoff makes no empty batch.
    expect(await cutOffDuePayments(await getDb(), { merchantId: m.merchantId, now: CUTOFF })).toBe(0);
    expect(await batchRows(m.merchantId)).toHaveLength(1);
  });

  it("keeps modes apart: one batch per mode, each paid to that mode's wallet", async () => {
    const t = await settlementMerchant();
    const l = await settlementMerchant({ merchantId: t.merchantId, mode: "live" });
    await bookedPayment(t, { amount: 200_000, expectedPayoutAt: before() });
    await bookedPayment(l, { amount: 300_000, expectedPayoutAt: before() });
    const testOnly = await runSettlement(await getDb(), { merchantId: t.merchantId, mode: "test", now: CUTOFF });
    expect(testOnly).toEqual({ batched: 1, paid_out: 0, wallet_credit: 1, failed: 0 });
    const both = await runSettlement(await getDb(), { merchantId: t.merchantId, now: CUTOFF });
    expect(both).toEqual({ batched: 1, paid_out: 0, wallet_credit: 1, failed: 0 });
    const batches = await batchRows(t.merchantId);
    expect(batches.map((b) => [b.mode, b.status, b.net]).sort()).toEqual([
      ["live", "wallet_credit", 298_500],
      ["test", "wallet_credit", 199_000],
    ]);
    expect(await merchantBalance(t.merchantId, "live", "wallet")).toBe(298_500);
    expect(await merchantBalance(t.merchantId, "test", "wallet")).toBe(199_000);
  });

  it("settles 2,000 payments of several merchants in one set-based cutoff: as many statements as for 2 payments", async () => {
    // Its speed is the bench's settlement row (scripts/bench/settlement.ts); here, that the
    // work is set-based: a merchant with 1,000 payments costs the statements one with 2 does.
    const ms = [await settlementMerchant(), await settlementMerchant(), await settlementMerchant()];
    const sizes = [1000, 1000, 2];
    const db = await getDb();
    for (const [i, m] of ms.entries()) {
      // Set-based seed with the money in the ledger: one entry books them all.
      // The money of the bulk rows, booked under one row kept out of settlement.
      await bookedPayment(m, { amount: sizes[i]! * 5_000, fee: 0, expectedPayoutAt: before(), settlementStatus: "under_review" });
      await queryRows(
        db,
        sql`insert into static_account_payments (id, static_account_id, merchant_id, mode, reference, amount, fee, received_at, expected_payout_at)
            select gen_random_uuid(), ${m.accountId}, ${m.merchantId}::uuid, 'test', 'txn_bulk_' || ${m.accountId} || '_' || g, 5000, 0, ${before(7_200_000).toISOString()}::timestamptz, ${before().toISOString()}::timestamptz
            from generate_series(1, ${sizes[i]!}::int) g`,
      );
    }
    const counted = await countingDb();
    try {
      const results = [];
      const statements = [];
      for (const m of ms) {
        counted.statements = 0;
        results.push(await runSettlement(counted.db, { merchantId: m.merchantId, now: CUTOFF }));
        statements.push(counted.statements);
      }
      expect(results).toEqual([
        { batched: 1000, paid_out: 0, wallet_credit: 1000, failed: 0 },
        { batched: 1000, paid_out: 0, wallet_credit: 1000, failed: 0 },
        { batched: 2, paid_out: 0, wallet_credit: 2, failed: 0 },
      ]);
      expect(statements[2]).toBeGreaterThan(0);
      expect(statements).toEqual([statements[2], statements[2], statements[2]]);
    } finally {
      await counted.close();
    }
    for (const m of ms.slice(0, 2)) expect(await merchantBalance(m.merchantId, "test", "wallet")).toBe(5_000_000);
  });
});

describe("payout to the wallet (the default)", () => {
  it("moves the batch's net pending_settlement → wallet in one entry; batch, payments and payout wallet_credit with settled_at", async () => {
    const m = await settlementMerchant();
    const p1 = await bookedPayment(m, { amount: 400_000, expectedPayoutAt: before() });
    const p2 = await bookedPayment(m, { amount: 600_000, expectedPayoutAt: before() });
    const pendingBefore = await merchantBalance(m.merchantId, "test", "pending_settlement");
    expect(pendingBefore).toBe(1_000_000 - 2_000 - 3_000);

    const r = await runSettlement(await getDb(), { merchantId: m.merchantId, now: CUTOFF });
    expect(r).toEqual({ batched: 2, paid_out: 0, wallet_credit: 2, failed: 0 });
    const [batch] = await batchRows(m.merchantId);
    const [payout, ...others] = await payoutRows(m.merchantId);
    expect(others).toHaveLength(0);
    expect(batch).toMatchObject({ status: "wallet_credit", net: 995_000 });
    expect(payout).toMatchObject({
      batchId: batch!.id,
      destination: "wallet",
      status: "wallet_credit",
      amount: 995_000,
      attempt: 1,
      reference: payoutReference(batch!.id, 1),
    });
    expect(payout!.completedAt).not.toBeNull();
    for (const p of await paymentRows(m.merchantId)) {
      expect([p1.id, p2.id]).toContain(p.id);
      expect(p).toMatchObject({ settlementStatus: "wallet_credit", payoutId: payout!.id });
      expect(p.settledAt).not.toBeNull();
    }
    expect(await merchantBalance(m.merchantId, "test", "pending_settlement")).toBe(0);
    expect(await merchantBalance(m.merchantId, "test", "wallet")).toBe(995_000);
    expect(await batchEntries(batch!.id)).toEqual([{ reference: `settlement:${batch!.id}`, kind: "settlement_wallet_credit" }]);
    // A second run finds nothing to do.
    expect(await runSettlement(await getDb(), { merchantId: m.merchantId, now: after() })).toEqual({ batched: 0, paid_out: 0, wallet_credit: 0, failed: 0 });
  });
});

describe("payout to a bank account", () => {
  it("sends the net to the configured account under the payout reference; completed → paid_out and pending_settlement → bank_clearing", async () => {
    const bank = new ScriptedBank();
    restore = useBank(bank);
    const m = await settlementMerchant();
    await bankSettings(m.merchantId);
    await bookedPayment(m, { amount: 1_000_000, expectedPayoutAt: before() });
    const r = await runSettlement(await getDb(), { merchantId: m.merchantId, now: CUTOFF });
    expect(r).toEqual({ batched: 1, paid_out: 1, wallet_credit: 0, failed: 0 });
    const [batch] = await batchRows(m.merchantId);
    const [payout] = await payoutRows(m.merchantId);
    expect(bank.sent).toEqual([expect.objectContaining({ reference: payout!.reference, amount: 995_000, bankCode: "058", accountNumber: "0123456789" })]);
    expect(batch!.status).toBe("paid_out");
    expect(payout).toMatchObject({ destination: "bank_account", status: "paid_out", amount: 995_000 });
    const [p] = await paymentRows(m.merchantId);
    expect(p).toMatchObject({ settlementStatus: "paid_out", payoutId: payout!.id });
    expect(p!.settledAt).not.toBeNull();
    expect(await merchantBalance(m.merchantId, "test", "pending_settlement")).toBe(0);
    expect(await merchantBalance(m.merchantId, "test", "wallet")).toBe(0);
    expect(await batchEntries(batch!.id)).toEqual([{ reference: `settlement:${batch!.id}`, kind: "settlement_payout" }]);
  });

  it("a failed payout shows failed (money stays pending) and is retried by a later run with a new attempt; a success makes the payments paid_out", async () => {
    const bank = new ScriptedBank(() => ({ status: "failed", reason: "Beneficiary account dormant" }));
    restore = useBank(bank);
    const m = await settlementMerchant();
    await bankSettings(m.merchantId);
    await bookedPayment(m, { amount: 1_000_000, expectedPayoutAt: before() });
    const first = await runSettlement(await getDb(), { merchantId: m.merchantId, now: CUTOFF });
    expect(first).toEqual({ batched: 1, paid_out: 0, wallet_credit: 0, failed: 1 });
    const [batch] = await batchRows(m.merchantId);
    expect(batch!.status).toBe("failed");
    expect(await payoutRows(m.merchantId)).toEqual([expect.objectContaining({ status: "failed", attempt: 1, failureReason: "Beneficiary account dormant" })]);
    expect((await paymentRows(m.merchantId))[0]).toMatchObject({ settlementStatus: "failed", settledAt: null });
    expect(await merchantBalance(m.merchantId, "test", "pending_settlement")).toBe(995_000);
    expect(await batchEntries(batch!.id)).toEqual([]);

    // Not before the retry delay has passed (measured from the failure).
    const failedAt = batch!.updatedAt.getTime();
    expect(await runSettlement(await getDb(), { merchantId: m.merchantId, now: new Date(failedAt + retryAfterMs() / 2) })).toEqual({
      batched: 0,
      paid_out: 0,
      wallet_credit: 0,
      failed: 0,
    });

    bank.answer = () => ({ status: "completed" });
    const retry = await runSettlement(await getDb(), { merchantId: m.merchantId, now: new Date(failedAt + retryAfterMs() + 1_000) });
    expect(retry).toEqual({ batched: 0, paid_out: 1, wallet_credit: 0, failed: 0 });
    const payouts = await payoutRows(m.merchantId);
    expect(payouts.map((p) => [p.attempt, p.status])).toEqual([
      [1, "failed"],
      [2, "paid_out"],
    ]);
    expect(payouts[1]!.reference).toBe(payoutReference(batch!.id, 2));
    expect(bank.sent.map((s) => s.reference)).toEqual([payouts[0]!.reference, payouts[1]!.reference]);
    expect((await paymentRows(m.merchantId))[0]).toMatchObject({ settlementStatus: "paid_out", payoutId: payouts[1]!.id });
    expect((await batchRows(m.merchantId))[0]!.status).toBe("paid_out");
    expect(await merchantBalance(m.merchantId, "test", "pending_settlement")).toBe(0);
  });

  it("a pending bank answer leaves the batch paying and the payments batched; a later run collects the outcome (sandbox bank)", async () => {
    const m = await settlementMerchant();
    await bankSettings(m.merchantId);
    await bookedPayment(m, { amount: 300_000, expectedPayoutAt: before() });
    const first = await runSettlement(await getDb(), { merchantId: m.merchantId, now: CUTOFF });
    expect(first).toEqual({ batched: 1, paid_out: 0, wallet_credit: 0, failed: 0 });
    const [payout] = await payoutRows(m.merchantId);
    expect(payout!.status).toBe("pending");
    expect((await batchRows(m.merchantId))[0]!.status).toBe("paying");
    expect((await paymentRows(m.merchantId))[0]!.settlementStatus).toBe("batched");
    // The sandbox bank settles it (completed, whether by this decision or its clock tick).
    await decideSandboxTransfer({ reference: payout!.reference, status: "completed" });
    const second = await runSettlement(await getDb(), { merchantId: m.merchantId, now: after() });
    expect(second).toEqual({ batched: 0, paid_out: 1, wallet_credit: 0, failed: 0 });
    expect((await paymentRows(m.merchantId))[0]!.settlementStatus).toBe("paid_out");
  });

  it("an attempt the bank never got (crash after commit) is sent again under the same reference", async () => {
    const bank = new ScriptedBank();
    restore = useBank(bank);
    const m = await settlementMerchant();
    await bankSettings(m.merchantId);
    await bookedPayment(m, { amount: 300_000, expectedPayoutAt: before() });
    // The call fails after the attempt was committed.
    bank.answer = () => {
      throw new Error("connection reset");
    };
    expect(await runSettlement(await getDb(), { merchantId: m.merchantId, now: CUTOFF })).toEqual({ batched: 1, paid_out: 0, wallet_credit: 0, failed: 0 });
    const [pending] = await payoutRows(m.merchantId);
    expect(pending!.status).toBe("pending");
    bank.answer = () => ({ status: "completed" });
    expect(await runSettlement(await getDb(), { merchantId: m.merchantId, now: after() })).toEqual({ batched: 0, paid_out: 1, wallet_credit: 0, failed: 0 });
    const payouts = await payoutRows(m.merchantId);
    expect(payouts.map((p) => [p.reference, p.status])).toEqual([[pending!.reference, "paid_out"]]);
  });
});

describe("several runs at once", () => {
  it("settle each payment exactly once (wallet): one batch entry each, balances and ledger audit hold", async () => {
    const m = await settlementMerchant();
    for (let i = 0; i < 40; i++) await bookedPayment(m, { amount: 100_000 + i, expectedPayoutAt: before() });
    const db = await getDb();
    const runs = await Promise.all(Array.from({ length: 4 }, () => runSettlement(db, { merchantId: m.merchantId, now: CUTOFF })));
    expect(runs.reduce((n, r) => n + r.batched, 0)).toBe(40);
    expect(runs.reduce((n, r) => n + r.wallet_credit, 0)).toBe(40);
    const payments = await paymentRows(m.merchantId);
    expect(payments.every((p) => p.settlementStatus === "wallet_credit")).toBe(true);
    const batches = await batchRows(m.merchantId);
    expect(batches.reduce((n, b) => n + b.paymentCount, 0)).toBe(40);
    for (const b of batches) expect(await batchEntries(b.id)).toHaveLength(1);
    expect(await payoutRows(m.merchantId)).toHaveLength(batches.length);
    const net = payments.reduce((n, p) => n + p.amount - p.fee, 0);
    expect(await merchantBalance(m.merchantId, "test", "wallet")).toBe(net);
    expect(await merchantBalance(m.merchantId, "test", "pending_settlement")).toBe(0);
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it("settle each payment exactly once (bank): one ledger entry per batch whatever the calls", async () => {
    const bank = new ScriptedBank();
    restore = useBank(bank);
    const m = await settlementMerchant();
    await bankSettings(m.merchantId);
    for (let i = 0; i < 20; i++) await bookedPayment(m, { amount: 100_000, expectedPayoutAt: before() });
    const db = await getDb();
    const runs = await Promise.all(Array.from({ length: 3 }, () => runSettlement(db, { merchantId: m.merchantId, now: CUTOFF })));
    expect(runs.reduce((n, r) => n + r.batched, 0)).toBe(20);
    expect(runs.reduce((n, r) => n + r.paid_out, 0)).toBe(20);
    const batches = await batchRows(m.merchantId);
    for (const b of batches) expect(await batchEntries(b.id)).toHaveLength(1);
    expect(new Set(bank.sent.map((s) => s.reference)).size).toBe(batches.length);
    expect((await paymentRows(m.merchantId)).every((p) => p.settlementStatus === "paid_out")).toBe(true);
    expect(await merchantBalance(m.merchantId, "test", "pending_settlement")).toBe(0);
    expect((await auditLedger(db)).ok).toBe(true);
  });
});

describe("scheduler and reads", () => {
  it("settle_static_accounts is a scheduler job; at the real clock it leaves payments due later alone", async () => {
    const m = await settlementMerchant();
    const p = await bookedPayment(m, { expectedPayoutAt: after() });
    const job = JOBS.find((j) => j.name === "settle_static_accounts");
    expect(job).toBeDefined();
    // A count over every merchant's payments due now (other files' too): its size is not this test's to know.
    expect(Number.isInteger(await job!.run(await getDb()))).toBe(true);
    expect((await paymentRows(m.merchantId)).find((r) => r.id === p.id)!.settlementStatus).toBe("pending_settlement");
  });

  it("listBatches and listPayouts answer one merchant's mode, newest first, paged", async () => {
    const m = await settlementMerchant();
    const other = await settlementMerchant();
    for (const at of [before(7_200_000), before()]) {
      await bookedPayment(m, { expectedPayoutAt: at });
      await runSettlement(await getDb(), { merchantId: m.merchantId, now: at });
    }
    await bookedPayment(other, { expectedPayoutAt: before() });
    await runSettlement(await getDb(), { merchantId: other.merchantId, now: CUTOFF });
    const db = await getDb();
    const batches = await listBatches(db, { merchantId: m.merchantId, mode: "test", pageSize: 1 });
    expect(batches).toMatchObject({ total: 2, page: 1, page_size: 1, total_pages: 2 });
    const all = await listBatches(db, { merchantId: m.merchantId, mode: "test" });
    expect(all.items[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(all.items[1]!.createdAt.getTime());
    const payouts = await listPayouts(db, { merchantId: m.merchantId, mode: "test" });
    expect(payouts.total).toBe(2);
    expect(payouts.items.every((p) => p.merchantId === m.merchantId)).toBe(true);
    expect((await listPayouts(db, { merchantId: m.merchantId, mode: "test", batchId: all.items[0]!.id })).items).toHaveLength(1);
    expect((await listBatches(db, { merchantId: m.merchantId, mode: "live" })).total).toBe(0);
    const [b] = await db.select().from(settlementBatches).where(eq(settlementBatches.merchantId, other.merchantId));
    expect(all.items.map((x) => x.id)).not.toContain(b!.id);
  });
});
