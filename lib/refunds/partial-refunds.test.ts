import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as refundGet } from "@/app/v1/checkout/refunds/[id]/route";
import { POST as refundPost } from "@/app/v1/checkout/refunds/route";
import { POST as sandboxApprove } from "@/app/v1/sandbox/refunds/[id]/approve/route";
import { POST as sandboxReject } from "@/app/v1/sandbox/refunds/[id]/reject/route";
import { getDb } from "@/db/client";
import { events, journalEntries, payments, refunds } from "@/db/schema";
import { createAdmin } from "@/lib/admin/create-admin";
import { refundMoneySource } from "@/lib/admin/refund-money-source";
import { getRefundReview, refundReviewTimeline } from "@/lib/admin/refund-reviews";
import { CLI_ACTOR, type Actor } from "@/lib/audit/record-audit";
import { prefixedId, randomBase62 } from "@/lib/ids";
import { walletBalance } from "@/lib/ledger/accounts";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { makeSandboxPayment, SandboxPaymentBody } from "@/lib/payments/sandbox-payment";
import type { RefundView } from "@/lib/static-accounts/refund-view";
import { armPause } from "@/tests/pause-points";
import { issueVirtualAccount } from "@/lib/virtual-accounts/issue-virtual-account";
import { fundWallet } from "@/lib/wallets/fund-wallet";
import { makeKey } from "@/tests/factories";
import { call } from "@/tests/http";
import { rowLockHolder, untilArrived } from "@/tests/lock-waits";
import { auditRows, entryPostings, pendingPayment, refundMerchant } from "@/tests/refunds";
import { approveRefund } from "./approve-refund";
import { decideTestRefund } from "./decide-test-refund";
import { rejectRefund } from "./reject-refund";
import { requestPaymentRefund } from "./request-payment-refund";

/**
 * Supplement §10, partial refunds and test-mode refunds decided by the merchant. Each test
 * names the rule it checks; all run against a real PostgreSQL through the /v1 route files.
 */

type Key = Awaited<ReturnType<typeof makeKey>>;

let admin: Actor;
const db = () => getDb();

const post = (key: Key, json: unknown) => call<RefundView>(refundPost, { method: "POST", path: "/v1/checkout/refunds", key: key.secretKey, json });
const getOne = (key: Key, id: string) => call<RefundView>(refundGet, { path: `/v1/checkout/refunds/${id}`, key: key.secretKey, params: { id } });
const approveApi = (secret: string, id: string) =>
  call<RefundView>(sandboxApprove, { method: "POST", path: `/v1/sandbox/refunds/${id}/approve`, key: secret, params: { id } });
const rejectApi = (secret: string, id: string, json: unknown) =>
  call<RefundView>(sandboxReject, { method: "POST", path: `/v1/sandbox/refunds/${id}/reject`, key: secret, json, params: { id } });

const newKey = () => makeKey({ config: { rateLimit: 100_000 } });
const walletOf = (key: Key) => key.keyPair.settlementPayIdId!;
const balance = async (key: Key) => walletBalance(await db(), { payIdId: walletOf(key) });

/** A bank transfer into a new virtual account of `key`: a 1% collection fee, so net ≠ amount. */
async function payByTransfer(key: Key, amount: number, payerAccount = "0690000031") {
  const d = await db();
  const va = await d.transaction((tx) =>
    issueVirtualAccount(tx, {
      merchantId: key.merchantId,
      mode: key.keyPair.mode,
      keyPairId: key.keyPair.id,
      settlementPayIdId: walletOf(key),
      amount,
      amountValidation: "A0",
      expiresAt: new Date(Date.now() + 3_600_000),
      source: "api",
      accountName: "Partial Shop",
    }),
  );
  const body = SandboxPaymentBody.parse({ account_number: va.accountNumber, amount, payer: { name: "Ada Obi", bank: "Access Bank", account: payerAccount } });
  const paid = await makeSandboxPayment(d, { mode: key.keyPair.mode, merchantId: key.merchantId, body });
  return paymentOf(paid.reference);
}

async function paymentOf(reference: string) {
  const [row] = await (await db()).select().from(payments).where(eq(payments.reference, reference));
  return row!;
}

async function refundRows(reference: string) {
  return (await db()).select().from(refunds).where(eq(refunds.paymentReference, reference));
}

async function refundedEvents(reference: string) {
  return (await (await db()).select().from(events).where(eq(events.type, "charge.refunded"))).filter(
    (e) => (e.data as { reference: string }).reference === reference,
  );
}

async function entryExists(reference: string) {
  return (await (await db()).select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.reference, reference))).length > 0;
}

/** Tops the test wallet up (sandbox funding), so refunds beyond what one payment left in it can be held. */
async function topUp(key: Key, amount: number) {
  await fundWallet(await db(), { walletPayIdId: walletOf(key), amount, merchantId: key.merchantId });
}

async function expectLedgerBalanced() {
  const audit = await auditLedger(await db());
  expect(audit.ok, JSON.stringify(audit)).toBe(true);
}

beforeAll(async () => {
  const a = await createAdmin(await db(), {
    email: `partial-refund-admin-${randomBase62(6).toLowerCase()}@owo.test`,
    password: "owo-admin-password",
    actor: CLI_ACTOR,
  });
  admin = { type: "admin", userId: a.id };
});

describe("POST /v1/checkout/refunds with amount: the sum rule", () => {
  it("refunds summing exactly to the payment are accepted; one more (even 100 kobo) is 400 REFUND_EXCEEDS_PAYMENT and holds nothing", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 1_000_000);
    await topUp(k, 1_000_000);
    const first = await post(k, { reference: p.reference, amount: 300_000, reason: "One item missing" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ amount: "3000.00", status: "requested", payment_id: p.reference, reason: "One item missing" });
    // More than what is left: refused, and the message says how much is left.
    const tooMuch = await post(k, { reference: p.reference, amount: 700_001 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatchObject({ code: "REFUND_EXCEEDS_PAYMENT" });
    expect(tooMuch.body.error!.message).toContain("₦7,000.00");
    const second = await post(k, { reference: p.reference, amount: 700_000 });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data!.id).not.toBe(first.body.data!.id);
    const before = await balance(k);
    const more = await post(k, { reference: p.reference, amount: 100 });
    expect(more.status).toBe(400);
    expect(more.body.error).toMatchObject({
      code: "REFUND_EXCEEDS_PAYMENT",
      message: "This payment's refunds already cover its whole amount: nothing is left to refund.",
    });
    expect(await balance(k)).toBe(before);
    expect(await refundRows(p.reference)).toHaveLength(2);
    await expectLedgerBalanced();
  });

  it("rejected and failed refunds do not count against the payment; completed ones do", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 500_000, "0000000000"); // the sandbox bank refuses to pay this payer back
    await topUp(k, 500_000);
    const a = (await post(k, { reference: p.reference, amount: 400_000 })).body.data!;
    await rejectRefund(await db(), { refundId: a.id, reason: "Wrong amount", actor: admin });
    const b = (await post(k, { reference: p.reference, amount: 450_000 })).body.data!;
    expect((await approveRefund(await db(), { refundId: b.id, actor: admin })).status).toBe("failed");
    // Neither counts: the whole 500,000 may still be asked for, in part.
    const c = await post(k, { reference: p.reference, amount: 500_000 - 100 });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect((await post(k, { reference: p.reference, amount: 200 })).body.error).toMatchObject({ code: "REFUND_EXCEEDS_PAYMENT" });
    await expectLedgerBalanced();
  });

  it("amount must be an integer of at least 100 kobo: 99, 0, a negative, a fraction or text is a 400 validation error naming amount", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 200_000);
    for (const amount of [99, 0, -500, 150.5, "500"]) {
      const res = await post(k, { reference: p.reference, amount });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Validation error", details: ["amount must be an integer of at least 100"] });
    }
    expect(await refundRows(p.reference)).toHaveLength(0);
    expect((await post(k, { reference: p.reference, amount: 100 })).status).toBe(200);
  });

  it("a request repeating an open refund's amount, or without amount, returns that open refund and holds nothing more; another amount is a new refund", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 1_000_000);
    const first = (await post(k, { reference: p.reference, amount: 250_000 })).body.data!;
    const held = await balance(k);
    const same = await post(k, { reference: p.reference, amount: 250_000, reason: "asked again" });
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual(first);
    const bare = await post(k, { reference: p.reference });
    expect(bare.body.data!.id).toBe(first.id);
    expect(await balance(k)).toBe(held);
    const other = (await post(k, { reference: p.reference, amount: 100_000 })).body.data!;
    expect(other.id).not.toBe(first.id);
    expect(await balance(k)).toBe(held - 100_000);
    // Without amount now: the newest open refund.
    expect((await post(k, { reference: p.reference })).body.data!.id).toBe(other.id);
    expect(await refundRows(p.reference)).toHaveLength(2);
  });

  it("a static-account payment is refunded whole: a partial amount is REFUND_NOT_ALLOWED, its whole amount takes the static-account road", async () => {
    const sm = await refundMerchant();
    const sp = await pendingPayment(sm, { amount: 700_000 });
    const key = { secretKey: sm.secretKey } as Key;
    const partial = await post(key, { reference: sp.reference, amount: 300_000 });
    expect(partial.status).toBe(400);
    expect(partial.body.error).toMatchObject({ code: "REFUND_NOT_ALLOWED" });
    const whole = await post(key, { reference: sp.reference, amount: 700_000 });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect(whole.body.data).toMatchObject({ amount: "7000.00", status: "requested", payment_id: sp.reference });
  });
});

describe("what a refund holds and returns", () => {
  it("a partial refund holds exactly its amount from the wallet and returns no fee; its approval moves nothing from fee revenue", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 1_000_000);
    expect(p.fee).toBe(10_000);
    const before = await balance(k);
    const r = (await post(k, { reference: p.reference, amount: 400_000 })).body.data!;
    expect(await balance(k)).toBe(before - 400_000);
    expect(await entryPostings(`refund:${r.id}:held`)).toEqual(["refunds_in_flight:400000", "wallet:-400000"]);
    expect((await approveRefund(await db(), { refundId: r.id, actor: admin })).status).toBe("completed");
    expect(await entryExists(`refund:${r.id}`)).toBe(false); // approval posts no fee entry
    expect(await entryPostings(`refund:${r.id}:completed`)).toEqual(["bank_clearing:400000", "refunds_in_flight:-400000"]);
    expect(await balance(k)).toBe(before - 400_000);
    // The payment is still completed: 600,000 is left to refund.
    expect((await paymentOf(p.reference)).status).toBe("completed");
    await expectLedgerBalanced();
  });

  it("a refund of the whole amount given explicitly holds the net and, on approval, takes the fee back out of fee revenue", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 800_000);
    const before = await balance(k);
    const r = (await post(k, { reference: p.reference, amount: 800_000 })).body.data!;
    expect(await balance(k)).toBe(before - 792_000);
    expect(await entryPostings(`refund:${r.id}:held`)).toEqual(["refunds_in_flight:792000", "wallet:-792000"]);
    await approveRefund(await db(), { refundId: r.id, actor: admin });
    expect(await entryPostings(`refund:${r.id}`)).toEqual(["fee_revenue:-8000", "refunds_in_flight:8000"]);
    expect((await paymentOf(p.reference)).status).toBe("refunded");
    await expectLedgerBalanced();
  });

  it("a partial refund declined or failed at the bank gives back exactly its amount to the wallet and touches no fee", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 600_000, "0000000000");
    const before = await balance(k);
    const a = (await post(k, { reference: p.reference, amount: 200_000 })).body.data!;
    await rejectRefund(await db(), { refundId: a.id, reason: "Not needed", actor: admin });
    expect(await entryPostings(`refund:${a.id}:released`)).toEqual(["refunds_in_flight:-200000", "wallet:200000"]);
    const b = (await post(k, { reference: p.reference, amount: 300_000 })).body.data!;
    expect((await approveRefund(await db(), { refundId: b.id, actor: admin })).status).toBe("failed");
    expect(await entryPostings(`refund:${b.id}:failed`)).toEqual(["refunds_in_flight:-300000", "wallet:300000"]);
    expect(await balance(k)).toBe(before);
    await expectLedgerBalanced();
  });

  it("INSUFFICIENT_FUNDS when the wallet cannot cover a partial refund: nothing held, no refund made", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 1_000_000);
    // The wallet holds the payment's net, 990,000: a refund of 995,000 cannot be held from it.
    expect(await balance(k)).toBe(990_000);
    const res = await post(k, { reference: p.reference, amount: 995_000 });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await balance(k)).toBe(990_000);
    expect(await refundRows(p.reference)).toHaveLength(0);
  });
});

describe("charge.refunded of partial refunds", () => {
  it("carries refunded_amount (this refund's) and amount (the payment's); the payment becomes refunded when its refunds cover it, then ALREADY_REFUNDED", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 900_000);
    await topUp(k, 100_000);
    const a = (await post(k, { reference: p.reference, amount: 300_000 })).body.data!;
    await approveRefund(await db(), { refundId: a.id, actor: admin });
    let sent = await refundedEvents(p.reference);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({
      reference: p.reference,
      amount: 900_000,
      refunded_amount: 300_000,
      channel: "bank_transfer",
      status: "refunded",
      refund: { id: a.id },
    });
    expect((await paymentOf(p.reference)).status).toBe("completed");
    const b = (await post(k, { reference: p.reference, amount: 600_000 })).body.data!;
    await approveRefund(await db(), { refundId: b.id, actor: admin });
    sent = await refundedEvents(p.reference);
    expect(sent).toHaveLength(2);
    expect(sent.find((e) => (e.data as { refund: { id: string } }).refund.id === b.id)!.data).toMatchObject({ amount: 900_000, refunded_amount: 600_000 });
    expect((await paymentOf(p.reference)).status).toBe("refunded");
    const again = await post(k, { reference: p.reference, amount: 100 });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: "ALREADY_REFUNDED" });
    await expectLedgerBalanced();
  });
});

describe("concurrent partial refunds (the payment row locked while its refunds are summed)", () => {
  it("two partial refunds that together exceed the payment, requested at once: exactly one is accepted and held", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 1_000_000);
    await topUp(k, 1_000_000);
    const before = await balance(k);
    // The first request waits at its pause point holding the payment's row lock; the second arrives and must wait on it.
    const pause = armPause("payment-refund:locked");
    const first = post(k, { reference: p.reference, amount: 600_000 });
    await pause.reached;
    const second = post(k, { reference: p.reference, amount: 500_000 });
    await untilArrived(await db(), await rowLockHolder(await db(), "payments", p.id), [second]);
    pause.release();
    const [r1, r2] = await Promise.all([first, second]);
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(r2.status).toBe(400);
    expect(r2.body.error).toMatchObject({ code: "REFUND_EXCEEDS_PAYMENT" });
    expect(await refundRows(p.reference)).toHaveLength(1);
    expect(await balance(k)).toBe(before - 600_000);
  });

  it("ten different partial refunds at once, unpaused: the accepted ones never sum past the payment (exactly six of ~₦1,500 fit in ₦10,000)", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 1_000_000);
    await topUp(k, 2_000_000);
    const before = await balance(k);
    const amounts = Array.from({ length: 10 }, (_, i) => 150_000 + i * 100);
    const results = await Promise.all(amounts.map((amount) => post(k, { reference: p.reference, amount })));
    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(accepted).toHaveLength(6);
    for (const r of refused) expect(r.body.error).toMatchObject({ code: "REFUND_EXCEEDS_PAYMENT" });
    const rows = await refundRows(p.reference);
    const total = rows.reduce((s, r) => s + r.amount, 0);
    expect(rows).toHaveLength(6);
    expect(total).toBeLessThanOrEqual(1_000_000);
    expect(await balance(k)).toBe(before - total);
    await expectLedgerBalanced();
  });
});

describe("test mode: the merchant decides its own refund (POST /v1/sandbox/refunds/:id/approve and /reject)", () => {
  it("approve: the payer is paid back, charge.refunded is sent, the answer is the completed Refund", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 500_000);
    const r = (await post(k, { reference: p.reference, amount: 200_000 })).body.data!;
    const res = await approveApi(k.secretKey, r.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: r.id, status: "completed", amount: "2000.00", payment_id: p.reference });
    expect(res.body.data!.completed_at).toBeTruthy();
    const sent = await refundedEvents(p.reference);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({ amount: 500_000, refunded_amount: 200_000 });
    // Decided already: a second decision is INVALID_STATE.
    const twice = await approveApi(k.secretKey, r.id);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatchObject({ code: "INVALID_STATE" });
    expect((await rejectApi(k.secretKey, r.id, { rejection_reason: "late" })).body.error).toMatchObject({ code: "INVALID_STATE" });
    await expectLedgerBalanced();
  });

  it("reject with rejection_reason: the hold goes back to the wallet, nothing is sent; rejection_reason is required", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 500_000);
    const before = await balance(k);
    const r = (await post(k, { reference: p.reference })).body.data!;
    expect(await balance(k)).toBe(before - 495_000);
    const missing = await rejectApi(k.secretKey, r.id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "HTTP_ERROR", details: ["rejection_reason is required"] });
    const res = await rejectApi(k.secretKey, r.id, { rejection_reason: "Customer kept the order" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: r.id, status: "rejected", rejection_reason: "Customer kept the order" });
    expect(await balance(k)).toBe(before);
    expect(await refundedEvents(p.reference)).toHaveLength(0);
    expect((await getOne(k, r.id)).body.data).toMatchObject({ status: "rejected" });
    await expectLedgerBalanced();
  });

  it("a live key is 403 SANDBOX_ONLY; a live refund's id, or another merchant's, is 404 NOT_FOUND with a test key; a public key is refused", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 300_000);
    const r = (await post(k, { reference: p.reference })).body.data!;
    const live = await makeKey({ merchantId: k.merchantId, mode: "live", config: { rateLimit: 100_000 } });
    const liveAnswer = await approveApi(live.secretKey, r.id);
    expect(liveAnswer.status).toBe(403);
    expect(liveAnswer.body.error).toMatchObject({ code: "SANDBOX_ONLY" });
    expect((await rejectApi(live.secretKey, r.id, { rejection_reason: "x" })).body.error).toMatchObject({ code: "SANDBOX_ONLY" });
    expect((await approveApi(k.publicKey, r.id)).status).toBe(403);
    const other = await newKey();
    expect((await approveApi(other.secretKey, r.id)).body.error).toMatchObject({ code: "NOT_FOUND" });
    // A live refund of the same merchant (written straight into the table: live refunds need a real rail).
    const liveRefundId = prefixedId("refund");
    await (
      await db()
    )
      .insert(refunds)
      .values({ id: liveRefundId, paymentReference: `live-${randomBase62(8)}`, channel: "payid", merchantId: k.merchantId, mode: "live", amount: 100_000 });
    const hidden = await approveApi(k.secretKey, liveRefundId);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toMatchObject({ code: "NOT_FOUND" });
    const [row] = await (await db()).select().from(refunds).where(eq(refunds.id, liveRefundId));
    expect(row!.status).toBe("requested");
    // The dashboard's road in live mode is refused too: live refunds are Owo's to review.
    await expect(decideTestRefund(await db(), { merchantId: k.merchantId, mode: "live", refundId: liveRefundId, decision: "approve" })).rejects.toMatchObject({
      code: "SANDBOX_ONLY",
    });
    expect((await getOne(k, r.id)).body.data).toMatchObject({ status: "requested" });
  });

  it("a member deciding from the dashboard is audited as the actor (refund.approved)", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 300_000);
    const r = (await post(k, { reference: p.reference, amount: 100_000 })).body.data!;
    const member: Actor = { type: "user", userId: null };
    const done = await decideTestRefund(await db(), { merchantId: k.merchantId, mode: "test", refundId: r.id, decision: "approve", actor: member });
    expect(done.status).toBe("completed");
    expect((await auditRows(r.id)).map((a) => [a.action, a.actorType])).toContainEqual(["refund.approved", "user"]);
  });
});

describe("the admin's refund review page", () => {
  it("its timeline shows the request once, whether a member asked from the dashboard (audited) or a key asked through the API (not audited)", async () => {
    const k = await newKey();
    const p = await payByTransfer(k, 400_000);
    const member: Actor = { type: "user", userId: null };
    const fromDashboard = await requestPaymentRefund(await db(), {
      merchantId: k.merchantId,
      mode: "test",
      reference: p.reference,
      amount: 100_000,
      actor: member,
    });
    await approveRefund(await db(), { refundId: fromDashboard.refund.id, actor: admin });
    const fromApi = (await post(k, { reference: p.reference, amount: 200_000 })).body.data!;
    for (const id of [fromDashboard.refund.id, fromApi.id]) {
      const timeline = refundReviewTimeline((await getRefundReview(await db(), id))!);
      expect(
        timeline.filter((e) => e.type === "refund.requested"),
        id,
      ).toHaveLength(1);
    }
    const approved = refundReviewTimeline((await getRefundReview(await db(), fromDashboard.refund.id))!);
    expect(approved.map((e) => e.type)).toEqual(["refund.requested", "refund.approved", "refund.completed"]);
  });

  it("the approve confirmation is worded per channel: a static-account refund from pending settlement, any other already held from the wallet (with the fee only for a whole refund)", async () => {
    expect(refundMoneySource({ amount: 700_000, staticAccountId: "sa_1" }, { amount: 700_000, fee: 7_000 })).toEqual({ kind: "settlement" });
    expect(refundMoneySource({ amount: 700_000, staticAccountId: null }, { amount: 700_000, fee: 7_000 })).toEqual({
      kind: "wallet",
      held: "₦6,930.00",
      fee: "₦70.00",
      paymentAmount: "₦7,000.00",
    });
    expect(refundMoneySource({ amount: 250_000, staticAccountId: null }, { amount: 700_000, fee: 7_000 })).toEqual({
      kind: "wallet",
      held: "₦2,500.00",
      fee: null,
      paymentAmount: "₦7,000.00",
    });
  });
});
