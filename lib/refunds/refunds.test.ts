import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { events, payments, refunds, sandboxBankTransfers, staticAccountPayments, staticAccounts, type StaticAccountPayment } from "@/db/schema";
import { createAdmin } from "@/lib/admin/create-admin";
import { CLI_ACTOR, type Actor } from "@/lib/audit/record-audit";
import { sandboxRail } from "@/lib/rails/router";
import { randomBase62 } from "@/lib/ids";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { auditRows, entryPostings, merchantKindBalance, paymentRow, pendingPayment, refundMerchant, PAYER, type RefundMerchant } from "@/tests/refunds";
import { runSettlement } from "@/lib/settlement/run-settlement";
import { armPause } from "@/tests/pause-points";
import { rowLockHolder, untilArrived } from "@/tests/lock-waits";
import { approveRefund } from "./approve-refund";
import { rejectRefund } from "./reject-refund";
import { requestRefund } from "./request-refund";

let m: RefundMerchant;
let admin: Actor;

const request = (p: StaticAccountPayment, reason: string | null = "Customer paid twice", who: RefundMerchant = m) =>
  requestRefund(db(), { merchantId: who.merchantId, mode: who.mode, keyPairId: who.keyPairId, staticAccountId: p.staticAccountId, paymentId: p.id, reason });

let dbHandle: Awaited<ReturnType<typeof getDb>>;
const db = () => dbHandle;

async function eventsOf(type: string, keyPairId: string) {
  return db()
    .select()
    .from(events)
    .where(and(eq(events.type, type), eq(events.keyPairId, keyPairId)));
}

async function expectCode(p: Promise<unknown>, code: string, status: number) {
  await expect(p).rejects.toMatchObject({ code, status });
}

beforeAll(async () => {
  dbHandle = await getDb();
  m = await refundMerchant();
  const a = await createAdmin(db(), { email: `refund-admin-${randomBase62(6).toLowerCase()}@owo.test`, password: "owo-admin-password", actor: CLI_ACTOR });
  admin = { type: "admin", userId: a.id };
});

describe("requestRefund (api.md Static account payment settlement, Refund)", () => {
  it("accepts a payment waiting for settlement: refund requested for the gross, payment under_review", async () => {
    const p = await pendingPayment(m, { amount: 2_500_000 });
    const { refund, created } = await request(p);
    expect(created).toBe(true);
    expect(refund).toMatchObject({
      status: "requested",
      amount: 2_500_000,
      currency: "NGN",
      reason: "Customer paid twice",
      paymentId: p.id,
      merchantId: m.merchantId,
    });
    expect(refund.id).toMatch(/^rfd_/);
    expect((await paymentRow(p.id)).settlementStatus).toBe("under_review");
  });

  it("a repeated request returns the open refund (no second refund)", async () => {
    const p = await pendingPayment(m);
    const first = await request(p);
    const again = await request(p, "another reason");
    expect(again.created).toBe(false);
    expect(again.refund.id).toBe(first.refund.id);
    expect(again.refund.reason).toBe("Customer paid twice");
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, p.id))).toHaveLength(1);
  });

  it("concurrent requests for one payment make exactly one refund", async () => {
    const p = await pendingPayment(m);
    // The first request waits right after taking the payment's row lock; the other five all
    // arrive while it holds it (each waits on the lock, or has finished if nothing was locked).
    const pause = armPause("refund-request:locked");
    const first = request(p);
    await pause.reached;
    const others = Array.from({ length: 5 }, () => request(p));
    await untilArrived(db(), await rowLockHolder(db(), "static_account_payments", p.id), others);
    pause.release();
    const results = await Promise.all([first, ...others]);
    expect(new Set(results.map((r) => r.refund.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });

  it("a blank reason is stored as null", async () => {
    const p = await pendingPayment(m);
    expect((await request(p, "   ")).refund.reason).toBeNull();
  });

  it.each(["batched", "paid_out", "wallet_credit", "failed"] as const)("a payment %s cannot be refunded: 400 REFUND_NOT_ALLOWED", async (settlementStatus) => {
    const p = await pendingPayment(m, { settlementStatus });
    await expectCode(request(p), "REFUND_NOT_ALLOWED", 400);
    expect((await paymentRow(p.id)).settlementStatus).toBe(settlementStatus);
  });

  it("a payment not booked yet (processing) cannot be refunded: REFUND_NOT_ALLOWED", async () => {
    const p = await pendingPayment(m, { status: "processing" });
    await expectCode(request(p), "REFUND_NOT_ALLOWED", 400);
  });

  it("a refunded payment: 400 ALREADY_REFUNDED", async () => {
    const p = await pendingPayment(m, { settlementStatus: "refunded" });
    await expectCode(request(p), "ALREADY_REFUNDED", 400);
  });

  it("another merchant's payment, another account's, another mode's or a malformed id: 404 NOT_FOUND", async () => {
    const p = await pendingPayment(m);
    const other = await refundMerchant();
    await expectCode(request(p, null, other), "NOT_FOUND", 404);
    await expectCode(requestRefund(db(), { merchantId: m.merchantId, mode: m.mode, staticAccountId: other.accountId, paymentId: p.id }), "NOT_FOUND", 404);
    await expectCode(requestRefund(db(), { merchantId: m.merchantId, mode: "live", staticAccountId: p.staticAccountId, paymentId: p.id }), "NOT_FOUND", 404);
    await expectCode(
      requestRefund(db(), { merchantId: m.merchantId, mode: m.mode, staticAccountId: p.staticAccountId, paymentId: "not-a-uuid" }),
      "NOT_FOUND",
      404,
    );
    expect((await paymentRow(p.id)).settlementStatus).toBe("pending_settlement");
  });
});

describe("approveRefund: requested → processing → completed", () => {
  it("an account made in the dashboard (no key pair) tells the keys linked to the merchant's wallet: charge.refunded reaches them as charge.success did", async () => {
    const own = await refundMerchant();
    await db().update(staticAccounts).set({ keyPairId: null }).where(eq(staticAccounts.id, own.accountId));
    const p = await pendingPayment(own);
    const { refund } = await request(p, "wrong amount", own);
    await approveRefund(db(), { refundId: refund.id, actor: admin });
    const sent = (await eventsOf("charge.refunded", own.keyPairId)).filter((e) => (e.data as { reference: string }).reference === p.reference);
    expect(sent).toHaveLength(1);
    expect((await eventsOf("charge.success", own.keyPairId)).filter((e) => (e.data as { reference: string }).reference === p.reference)).toHaveLength(1);
  });

  it("moves the money back to the payer through refunds_in_flight, marks the payment refunded and sends charge.refunded", async () => {
    const p = await pendingPayment(m, { amount: 3_000_000 });
    const fee = p.fee;
    const net = p.amount - fee;
    const pendingBefore = await merchantKindBalance(m.merchantId, m.mode, "pending_settlement");
    const { refund } = await request(p);
    const done = await approveRefund(db(), { refundId: refund.id, actor: admin });

    expect(done).toMatchObject({ status: "completed", reviewedByUserId: admin.userId });
    expect(done.completedAt).toBeInstanceOf(Date);
    expect(await entryPostings(`refund:${refund.id}`)).toEqual([`fee_revenue:${-fee}`, `pending_settlement:${-net}`, `refunds_in_flight:${p.amount}`].sort());
    expect(await entryPostings(`refund:${refund.id}:completed`)).toEqual([`bank_clearing:${p.amount}`, `refunds_in_flight:${-p.amount}`].sort());
    expect(await merchantKindBalance(m.merchantId, m.mode, "pending_settlement")).toBe(pendingBefore - net);

    const payment = await paymentRow(p.id);
    expect(payment.settlementStatus).toBe("refunded");
    const [row] = await db().select().from(payments).where(eq(payments.reference, p.reference));
    expect(row!.status).toBe("refunded");

    // The bank was asked once, under the refund id, for the gross, to the payer's account.
    const [bank] = await db().select().from(sandboxBankTransfers).where(eq(sandboxBankTransfers.reference, refund.id));
    expect(bank).toMatchObject({ amount: p.amount, accountNumber: PAYER.account, status: "completed" });

    const sent = (await eventsOf("charge.refunded", m.keyPairId)).filter((e) => (e.data as { reference: string }).reference === p.reference);
    expect(sent).toHaveLength(1);
    const data = sent[0]!.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(
      [
        "amount",
        "channel",
        "currency",
        "merchant_reference",
        "payer",
        "reference",
        "refund",
        "refunded_amount",
        "refunded_at",
        "static_account",
        "status",
      ].sort(),
    );
    expect(data).toMatchObject({
      reference: p.reference,
      merchant_reference: m.accountReference,
      amount: p.amount,
      refunded_amount: p.amount,
      currency: "NGN",
      status: "refunded",
      channel: "static_account",
      refund: { id: refund.id, reason: "Customer paid twice", requested_at: refund.requestedAt.toISOString(), completed_at: done.completedAt!.toISOString() },
      static_account: { id: m.accountId, account_name: "Owo/Ngozi Eze", bank_name: "Wema Bank", reference: m.accountReference, customer_name: "Ngozi Eze" },
      payer: PAYER,
      refunded_at: done.completedAt!.toISOString(),
    });
    expect(Object.keys(data.static_account as object).sort()).toEqual(["account_name", "account_number", "bank_name", "customer_name", "id", "reference"]);

    const audit = await auditRows(refund.id);
    expect(audit.map((a) => a.action)).toEqual(["refund.approved"]);
    expect(audit[0]).toMatchObject({ actorType: "admin", actorUserId: admin.userId, merchantId: m.merchantId });

    // Refunded now: a further request is ALREADY_REFUNDED.
    await expectCode(request(p), "ALREADY_REFUNDED", 400);
  });

  it("an admin cannot act twice: a second approval or a rejection after approval is INVALID_STATE", async () => {
    const p = await pendingPayment(m);
    const { refund } = await request(p);
    await approveRefund(db(), { refundId: refund.id, actor: admin });
    await expectCode(approveRefund(db(), { refundId: refund.id, actor: admin }), "INVALID_STATE", 400);
    await expectCode(rejectRefund(db(), { refundId: refund.id, reason: "no", actor: admin }), "INVALID_STATE", 400);
    expect(await entryPostings(`refund:${refund.id}`)).toHaveLength(3);
    expect((await eventsOf("charge.refunded", m.keyPairId)).filter((e) => (e.data as { reference: string }).reference === p.reference)).toHaveLength(1);
  });

  it("approve and reject racing on one refund: exactly one wins", async () => {
    const p = await pendingPayment(m);
    const { refund } = await request(p);
    const results = await Promise.allSettled([
      approveRefund(db(), { refundId: refund.id, actor: admin }),
      rejectRefund(db(), { refundId: refund.id, reason: "Duplicate", actor: admin }),
      approveRefund(db(), { refundId: refund.id, actor: admin }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [row] = await db().select().from(refunds).where(eq(refunds.id, refund.id));
    const payment = await paymentRow(p.id);
    if (row!.status === "completed") expect(payment.settlementStatus).toBe("refunded");
    else expect([row!.status, payment.settlementStatus]).toEqual(["rejected", "pending_settlement"]);
  });

  it("an unknown refund: 404 NOT_FOUND", async () => {
    await expectCode(approveRefund(db(), { refundId: "rfd_missing", actor: admin }), "NOT_FOUND", 404);
    await expectCode(rejectRefund(db(), { refundId: "rfd_missing", reason: "x", actor: admin }), "NOT_FOUND", 404);
  });

  it("the bank refusing ends the refund failed with its reason; the money and the payment go back to settlement; no event; the merchant may ask again", async () => {
    const p = await pendingPayment(m, { payer: { name: "Ghost", bank: "Nowhere Bank", account: "0000000000" } });
    const pendingBefore = await merchantKindBalance(m.merchantId, m.mode, "pending_settlement");
    const { refund } = await request(p);
    const failed = await approveRefund(db(), { refundId: refund.id, actor: admin });
    expect(failed).toMatchObject({ status: "failed", failureReason: "Payer account not found", completedAt: null });
    expect(await entryPostings(`refund:${refund.id}:failed`)).toEqual(
      [`fee_revenue:${p.fee}`, `pending_settlement:${p.amount - p.fee}`, `refunds_in_flight:${-p.amount}`].sort(),
    );
    expect(await merchantKindBalance(m.merchantId, m.mode, "pending_settlement")).toBe(pendingBefore);
    expect((await paymentRow(p.id)).settlementStatus).toBe("pending_settlement");
    expect((await eventsOf("charge.refunded", m.keyPairId)).filter((e) => (e.data as { reference: string }).reference === p.reference)).toHaveLength(0);
    expect((await auditRows(refund.id)).map((a) => a.action)).toEqual(["refund.approved", "refund.failed"]);

    const again = await request(p);
    expect(again.created).toBe(true);
    expect(again.refund.id).not.toBe(refund.id);
  });

  it("a payment with no payer account fails at the bank the same way", async () => {
    const p = await pendingPayment(m, { payer: null });
    const { refund } = await request(p);
    expect((await approveRefund(db(), { refundId: refund.id, actor: admin })).status).toBe("failed");
  });

  it("the bank's refund call is idempotent on the refund id", async () => {
    const reference = `rfd_${randomBase62(10)}`;
    const first = await sandboxRail().refundPayment({ reference, paymentReference: "txn_1", amount: 5000, payer: PAYER });
    const again = await sandboxRail().refundPayment({ reference, paymentReference: "txn_1", amount: 5000, payer: { ...PAYER, account: "0000000000" } });
    expect(again).toEqual(first);
    expect(await db().select().from(sandboxBankTransfers).where(eq(sandboxBankTransfers.reference, reference))).toHaveLength(1);
  });
});

describe("rejectRefund: requested → rejected", () => {
  it("needs a reason; declines with it; the payment returns to pending_settlement; no event, no money moved; audited", async () => {
    const p = await pendingPayment(m);
    const { refund } = await request(p);
    await expectCode(rejectRefund(db(), { refundId: refund.id, reason: "  ", actor: admin }), "HTTP_ERROR", 400);
    const rejected = await rejectRefund(db(), { refundId: refund.id, reason: "Payer confirmed the payment", actor: admin });
    expect(rejected).toMatchObject({ status: "rejected", rejectionReason: "Payer confirmed the payment", reviewedByUserId: admin.userId });
    expect((await paymentRow(p.id)).settlementStatus).toBe("pending_settlement");
    expect(await entryPostings(`refund:${refund.id}`)).toEqual([]);
    expect((await eventsOf("charge.refunded", m.keyPairId)).filter((e) => (e.data as { reference: string }).reference === p.reference)).toHaveLength(0);
    const audit = await auditRows(refund.id);
    expect(audit.map((a) => a.action)).toEqual(["refund.rejected"]);
    expect(audit[0]!.changes).toMatchObject({ rejection_reason: { to: "Payer confirmed the payment" } });
    await expectCode(rejectRefund(db(), { refundId: refund.id, reason: "again", actor: admin }), "INVALID_STATE", 400);
  });
});

describe("a refund racing the settlement cutoff ends in exactly one of the two", () => {
  it("request vs the batching UPDATE (guarded by settlement_status = 'pending_settlement'), many times", async () => {
    const list = await Promise.all(Array.from({ length: 12 }, () => pendingPayment(m, { amount: 700_000 })));
    const ids = list.map((p) => p.id);
    // The settlement's batching statement, as run-settlement.ts takes due payments.
    const batch = () =>
      db().execute(
        sql`update static_account_payments set settlement_status = 'batched', updated_at = now()
            where id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) and settlement_status = 'pending_settlement'`,
      );
    const results = await Promise.allSettled([...list.slice(0, 6).map((p) => request(p)), batch(), ...list.slice(6).map((p) => request(p))]);
    const rows = await db().select().from(staticAccountPayments).where(inArray(staticAccountPayments.id, ids));
    const open = await db().select().from(refunds).where(inArray(refunds.paymentId, ids));
    for (const row of rows) {
      const refund = open.find((r) => r.paymentId === row.id);
      if (row.settlementStatus === "batched") expect(refund).toBeUndefined();
      else {
        expect(row.settlementStatus).toBe("under_review");
        expect(refund?.status).toBe("requested");
      }
    }
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "REFUND_NOT_ALLOWED" });
  });
});

describe("a refund holding the payment while the cutoff arrives", () => {
  it("the batching UPDATE waits for the request's row lock, then leaves the payment under review: never batched and refunded both", async () => {
    const p = await pendingPayment(m, { amount: 700_000 });
    // The request waits right after locking the payment; the batching statement arrives then.
    const pause = armPause("refund-request:locked");
    const requested = request(p);
    await pause.reached;
    const batch = queryRows<{ id: string }>(
      db(),
      sql`update static_account_payments set settlement_status = 'batched', updated_at = now()
          where id = ${p.id}::uuid and settlement_status = 'pending_settlement' returning id`,
    );
    await untilArrived(db(), await rowLockHolder(db(), "static_account_payments", p.id), [batch]);
    pause.release();
    const [{ created }, batched] = await Promise.all([requested, batch]);
    expect(created).toBe(true);
    expect(batched).toEqual([]);
    expect((await paymentRow(p.id)).settlementStatus).toBe("under_review");
  });
});

describe("a refund racing the real settlement run", () => {
  it("runSettlement and requests at once: each payment is either refunded-for-review or settled, never both; money adds up", async () => {
    const r = await refundMerchant();
    const list = await Promise.all(Array.from({ length: 10 }, () => pendingPayment(r, { amount: 400_000 })));
    const ids = list.map((p) => p.id);
    const future = new Date(Date.now() + 48 * 3_600_000);
    const results = await Promise.allSettled([
      ...list.slice(0, 5).map((p) => request(p, "race", r)),
      runSettlement(db(), { merchantId: r.merchantId, mode: r.mode, now: future }),
      ...list.slice(5).map((p) => request(p, "race", r)),
    ]);
    const rows = await db().select().from(staticAccountPayments).where(inArray(staticAccountPayments.id, ids));
    const made = await db().select().from(refunds).where(inArray(refunds.paymentId, ids));
    let reviewedNet = 0;
    for (const row of rows) {
      const refund = made.find((x) => x.paymentId === row.id);
      if (row.settlementStatus === "under_review") {
        expect(refund?.status).toBe("requested");
        reviewedNet += row.amount - row.fee;
      } else {
        expect(["batched", "paid_out", "wallet_credit"]).toContain(row.settlementStatus);
        expect(refund).toBeUndefined();
      }
    }
    for (const x of results) if (x.status === "rejected") expect(x.reason).toMatchObject({ code: "REFUND_NOT_ALLOWED" });
    expect(made.reduce((sum, x) => sum + x.amount, 0)).toBe(
      rows.filter((row) => row.settlementStatus === "under_review").reduce((sum, row) => sum + row.amount, 0),
    );
    // Money adds up, read in one snapshot (another file's scheduler pass may be paying a batch
    // of these meanwhile): what waits for review or sits in an unpaid batch is exactly the
    // pending settlement balance, what was settled is exactly the wallet's, and nothing else moved.
    const [sums] = await queryRows<Record<string, string>>(
      db(),
      sql`select
            (select coalesce(sum(balance), 0) from ledger_accounts where merchant_id = ${r.merchantId}::uuid and mode = ${r.mode} and kind = 'pending_settlement')::bigint::text as pending,
            (select coalesce(sum(balance), 0) from ledger_accounts where merchant_id = ${r.merchantId}::uuid and mode = ${r.mode} and kind = 'wallet')::bigint::text as wallet,
            (select coalesce(sum(amount - fee), 0) from static_account_payments where merchant_id = ${r.merchantId}::uuid and settlement_status in ('under_review', 'batched'))::bigint::text as held,
            (select coalesce(sum(amount - fee), 0) from static_account_payments where merchant_id = ${r.merchantId}::uuid and settlement_status in ('wallet_credit', 'paid_out'))::bigint::text as settled,
            (select coalesce(sum(amount - fee), 0) from static_account_payments where merchant_id = ${r.merchantId}::uuid)::bigint::text as received`,
    );
    expect(Number(sums!.received)).toBe(list.reduce((sum, p) => sum + p.amount - p.fee, 0));
    expect({ pending: Number(sums!.pending), wallet: Number(sums!.wallet) }).toEqual({ pending: Number(sums!.held), wallet: Number(sums!.settled) });
    expect(Number(sums!.held) + Number(sums!.settled)).toBe(Number(sums!.received));
    if (rows.every((row) => row.settlementStatus !== "batched")) expect(Number(sums!.pending)).toBe(reviewedNet);
  });
});

describe("ledger", () => {
  it("stays balanced after every refund path", async () => {
    expect((await auditLedger(db())).ok).toBe(true);
  });
});

describe("processDueRefunds (scheduler job process_refunds)", () => {
  it("a refund left processing (bank unreachable at approval) is asked again and completes once", async () => {
    const { processDueRefunds } = await import("./process-due-refunds");
    const g = globalThis as unknown as { __owoSandboxRail?: import("@/lib/bank/provider").BankProvider };
    const real = sandboxRail();
    const p = await pendingPayment(m);
    const { refund } = await request(p);
    g.__owoSandboxRail = Object.assign(Object.create(real) as import("@/lib/bank/provider").BankProvider, {
      refundPayment: async () => {
        throw new Error("bank down");
      },
    });
    try {
      expect((await approveRefund(db(), { refundId: refund.id, actor: admin })).status).toBe("processing");
    } finally {
      g.__owoSandboxRail = real;
    }
    expect((await paymentRow(p.id)).settlementStatus).toBe("under_review");
    // The pass is global: the counts below are exact because ours is the only refund left processing.
    const processing = async () => (await db().select({ id: refunds.id }).from(refunds).where(eq(refunds.status, "processing"))).map((r) => r.id);
    expect(await processing()).toEqual([refund.id]);
    // Not yet due (its approval just happened); then due.
    expect(await processDueRefunds(db(), { now: new Date() })).toBe(0);
    expect(await processing()).toEqual([refund.id]);
    const later = new Date(Date.now() + 60_000);
    expect(await processDueRefunds(db(), { now: later })).toBe(1);
    const [row] = await db().select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row!.status).toBe("completed");
    expect((await paymentRow(p.id)).settlementStatus).toBe("refunded");
    expect(await entryPostings(`refund:${refund.id}:completed`)).toHaveLength(2);
    expect(await processDueRefunds(db(), { now: later })).toBe(0);
    expect((await eventsOf("charge.refunded", m.keyPairId)).filter((e) => (e.data as { reference: string }).reference === p.reference)).toHaveLength(1);
  });
});
