import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as refundGet } from "@/app/v1/checkout/refunds/[id]/route";
import { GET as refundsList, POST as refundPost } from "@/app/v1/checkout/refunds/route";
import { GET as staticRefundsList } from "@/app/v1/checkout/static-account/refunds/route";
import { getDb } from "@/db/client";
import { events, journalEntries, payments, refunds, sandboxBankTransfers } from "@/db/schema";
import { createAdmin } from "@/lib/admin/create-admin";
import { getRefundReview, listRefundReviews } from "@/lib/admin/refund-reviews";
import { CLI_ACTOR, type Actor } from "@/lib/audit/record-audit";
import { randomBase62 } from "@/lib/ids";
import { platformAccount, walletAccountFor, walletBalance } from "@/lib/ledger/accounts";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { postEntry } from "@/lib/ledger/post-entry";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { makeSandboxPayment, SandboxPaymentBody } from "@/lib/payments/sandbox-payment";
import type { RefundView } from "@/lib/static-accounts/refund-view";
import { armPause } from "@/tests/pause-points";
import { issueVirtualAccount } from "@/lib/virtual-accounts/issue-virtual-account";
import { makeKey } from "@/tests/factories";
import { call } from "@/tests/http";
import { rowLockHolder, untilArrived } from "@/tests/lock-waits";
import { entryPostings, pendingPayment, refundMerchant } from "@/tests/refunds";
import { createInvoiceOk, inDays } from "@/tests/invoices";
import { newSession } from "@/tests/sessions";
import { approveRefund } from "./approve-refund";
import { rejectRefund } from "./reject-refund";

/** Supplement §10: refunds of checkout, PayID, virtual-account and invoice payments, held in the wallet. */

const FIELDS = ["amount", "completed_at", "currency", "failure_reason", "id", "payment_id", "reason", "rejection_reason", "requested_at", "status"];
type Page = { items: RefundView[]; total: number; page: number; page_size: number; total_pages: number };
type Key = Awaited<ReturnType<typeof makeKey>>;

let admin: Actor;
let k: Key;
let wallet: string;

const db = () => getDb();
const post = (json: unknown, key = k.secretKey) => call<RefundView>(refundPost, { method: "POST", path: "/v1/checkout/refunds", key, json });
const getOne = (id: string, key = k.secretKey) => call<RefundView>(refundGet, { path: `/v1/checkout/refunds/${id}`, key, params: { id } });
const list = (query = "", key = k.secretKey) => call<Page>(refundsList, { path: `/v1/checkout/refunds?${query}`, key });
const balance = async (payIdId = wallet) => walletBalance(await db(), { payIdId });

async function walletOf(key: Key) {
  return key.keyPair.settlementPayIdId!;
}

/** A bank transfer into a new virtual account of `key` (1% collection fee). */
async function payByTransfer(key: Key, amount: number, payerAccount = "0690000031") {
  const d = await db();
  const va = await d.transaction((tx) =>
    issueVirtualAccount(tx, {
      merchantId: key.merchantId,
      mode: key.keyPair.mode,
      keyPairId: key.keyPair.id,
      settlementPayIdId: key.keyPair.settlementPayIdId!,
      amount,
      amountValidation: "A0",
      expiresAt: new Date(Date.now() + 3_600_000),
      source: "api",
      accountName: "Refund Shop",
    }),
  );
  const body = SandboxPaymentBody.parse({ account_number: va.accountNumber, amount, payer: { name: "Ada Obi", bank: "Access Bank", account: payerAccount } });
  return makeSandboxPayment(d, { mode: key.keyPair.mode, merchantId: key.merchantId, body });
}

/** A PayID payment to the merchant's wallet PayID (no fee). */
async function payByPayId(key: Key, amount: number) {
  const d = await db();
  const payId = (await getWalletPayId(d, { merchantId: key.merchantId, mode: key.keyPair.mode }))!;
  return makeSandboxPayment(d, {
    mode: key.keyPair.mode,
    merchantId: key.merchantId,
    body: SandboxPaymentBody.parse({ pay_id: payId.payId, amount, payer: { name: "Bola PayID" } }),
  });
}

async function paymentOf(reference: string) {
  const [row] = await (await db()).select().from(payments).where(eq(payments.reference, reference));
  return row!;
}

async function refundedEvents(reference: string) {
  return (await (await db()).select().from(events).where(eq(events.type, "charge.refunded"))).filter(
    (e) => (e.data as { reference: string }).reference === reference,
  );
}

async function entry(reference: string) {
  const [row] = await (await db()).select().from(journalEntries).where(eq(journalEntries.reference, reference));
  return row;
}

beforeAll(async () => {
  k = await makeKey({ config: { rateLimit: 100_000 } });
  wallet = await walletOf(k);
  const a = await createAdmin(await db(), {
    email: `any-refund-admin-${randomBase62(6).toLowerCase()}@owo.test`,
    password: "owo-admin-password",
    actor: CLI_ACTOR,
  });
  admin = { type: "admin", userId: a.id };
});

describe("POST /v1/checkout/refunds (supplement §10)", () => {
  it("refunds a virtual-account payment by its reference: the Refund object with payment_id the reference, and the payment's net held in the wallet at once", async () => {
    const paid = await payByTransfer(k, 1_000_000);
    const payment = await paymentOf(paid.reference);
    expect(payment.fee).toBe(10_000);
    const before = await balance();
    const res = await post({ reference: paid.reference, reason: "Out of stock" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data!;
    expect(Object.keys(r).sort()).toEqual(FIELDS);
    expect(r).toMatchObject({
      amount: "10000.00",
      currency: "NGN",
      status: "requested",
      reason: "Out of stock",
      payment_id: paid.reference,
      completed_at: null,
    });
    expect(r.id).toMatch(/^rfd_/);
    // The hold: the net (what the payment put in the wallet) leaves it now.
    expect(await balance()).toBe(before - 990_000);
    expect(await entry(`refund:${r.id}:held`)).toBeTruthy();
    // A second request returns the open refund and holds nothing more.
    const again = await post({ reference: paid.reference });
    expect(again.status).toBe(200);
    expect(again.body.data!.id).toBe(r.id);
    expect(await balance()).toBe(before - 990_000);
    // GET one and the list (status filter) show it with the same view.
    expect((await getOne(r.id)).body.data).toEqual(r);
    const requested = await list("status=requested&page_size=100");
    expect(requested.body.data!.items.map((i) => i.id)).toContain(r.id);
    expect((await list("status=completed&page_size=100")).body.data!.items.map((i) => i.id)).not.toContain(r.id);
  });

  it("INSUFFICIENT_FUNDS when the wallet cannot cover the hold: nothing is held and no refund is made", async () => {
    const key = await makeKey({ config: { rateLimit: 100_000 } });
    const w = await walletOf(key);
    const paid = await payByTransfer(key, 500_000);
    // The merchant spends the wallet: its whole balance leaves (as a payout would).
    const d = await db();
    const [from, to] = await Promise.all([
      walletAccountFor(d, { id: w, merchantId: key.merchantId, mode: "test" }),
      platformAccount(d, "test", "bank_clearing"),
    ]);
    await postEntry(d, {
      reference: `spend:${w}`,
      mode: "test",
      merchantId: key.merchantId,
      kind: "transfer_debit",
      moves: [{ from: from.id, to: to.id, amount: (await balance(w)) - 1_000 }],
    });
    expect(await balance(w)).toBe(1_000);
    const res = await post({ reference: paid.reference }, key.secretKey);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "INSUFFICIENT_FUNDS", message: "Insufficient funds in the wallet." });
    expect(await balance(w)).toBe(1_000);
    expect(await d.select().from(refunds).where(eq(refunds.paymentReference, paid.reference))).toHaveLength(0);
  });

  it("another merchant's or mode's reference, and an unknown one, answer 404 NOT_FOUND; so does another merchant's refund id", async () => {
    const paid = await payByPayId(k, 200_000);
    const other = await makeKey({ config: { rateLimit: 100_000 } });
    const live = await makeKey({ merchantId: k.merchantId, mode: "live", config: { rateLimit: 100_000 } });
    for (const key of [other.secretKey, live.secretKey]) {
      const res = await post({ reference: paid.reference }, key);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await post({ reference: "no-such-payment" })).body.error).toMatchObject({ code: "NOT_FOUND" });
    const mine = (await post({ reference: paid.reference })).body.data!;
    expect((await getOne(mine.id, other.secretKey)).status).toBe(404);
    expect((await getOne(mine.id, live.secretKey)).status).toBe(404);
    expect((await list("page_size=100", other.secretKey)).body.data!.items.map((i) => i.id)).not.toContain(mine.id);
  });

  it("shape errors: reference is required, reason at most 500 characters; a public key is refused", async () => {
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(missing.body.error!.details).toEqual(["reference is required"]);
    const long = await post({ reference: "x", reason: "r".repeat(501) });
    expect(long.body.error!.details).toEqual(["reason must be at most 500 characters"]);
    expect((await post({ reference: "x" }, k.publicKey)).status).toBe(403);
  });

  it("two concurrent requests for one payment create one refund and hold its money once", async () => {
    const paid = await payByTransfer(k, 300_000);
    const payment = await paymentOf(paid.reference);
    const before = await balance();
    // The first request waits holding the payment's row lock; the others arrive while it does.
    const pause = armPause("payment-refund:locked");
    const first = post({ reference: paid.reference });
    await pause.reached;
    const others = Array.from({ length: 4 }, () => post({ reference: paid.reference }));
    await untilArrived(await db(), await rowLockHolder(await db(), "payments", payment.id), others);
    pause.release();
    const results = await Promise.all([first, ...others]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.data!.id)).size).toBe(1);
    expect(await (await db()).select().from(refunds).where(eq(refunds.paymentReference, paid.reference))).toHaveLength(1);
    expect(await balance()).toBe(before - (payment.amount - payment.fee));
  });

  it("unpaused concurrent requests (ten at once) also end in one refund", async () => {
    const paid = await payByPayId(k, 150_000);
    const before = await balance();
    const results = await Promise.all(Array.from({ length: 10 }, () => post({ reference: paid.reference })));
    expect(new Set(results.map((r) => r.body.data?.id)).size).toBe(1);
    expect(await balance()).toBe(before - 150_000);
  });
});

describe("the admin review decides as for static accounts", () => {
  it("approval returns the money to the payer and sends charge.refunded with the payment's channel; the payment is refunded and a new request is ALREADY_REFUNDED", async () => {
    const hook = await makeKey({ config: { rateLimit: 100_000 } });
    const w = await walletOf(hook);
    const paid = await payByTransfer(hook, 800_000);
    const payment = await paymentOf(paid.reference);
    const d = await db();
    const r = (await post({ reference: paid.reference, reason: "Cancelled order" }, hook.secretKey)).body.data!;
    const afterHold = await balance(w);
    const done = await approveRefund(d, { refundId: r.id, actor: admin });
    expect(done.status).toBe("completed");
    expect((await paymentOf(paid.reference)).status).toBe("refunded");
    // The wallet gave the net at request time and nothing more; the gross went out to the payer.
    expect(await balance(w)).toBe(afterHold);
    // Held: the net from the wallet; approved: the fee from fee revenue; paid: the gross to the bank.
    expect(await entryPostings(`refund:${r.id}:held`)).toEqual(["refunds_in_flight:792000", "wallet:-792000"]);
    expect(await entryPostings(`refund:${r.id}`)).toEqual(["fee_revenue:-8000", "refunds_in_flight:8000"]);
    expect(await entryPostings(`refund:${r.id}:completed`)).toEqual(["bank_clearing:800000", "refunds_in_flight:-800000"]);
    const [bank] = await d.select().from(sandboxBankTransfers).where(eq(sandboxBankTransfers.reference, r.id));
    expect(bank).toMatchObject({ amount: 800_000, accountNumber: "0690000031", status: "completed" });
    const sent = await refundedEvents(paid.reference);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.keyPairId).toBe(hook.keyPair.id);
    expect(sent[0]!.data).toMatchObject({
      reference: paid.reference,
      amount: 800_000,
      refunded_amount: 800_000,
      currency: "NGN",
      status: "refunded",
      channel: "bank_transfer",
      refund: { id: r.id, reason: "Cancelled order" },
      payer: { name: "Ada Obi", bank: "Access Bank", account: "0690000031" },
    });
    expect(sent[0]!.data).not.toHaveProperty("static_account");
    expect(payment.fee).toBe(8_000);
    const again = await post({ reference: paid.reference }, hook.secretKey);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: "ALREADY_REFUNDED", message: "This payment has already been refunded." });
    expect((await getOne(r.id, hook.secretKey)).body.data).toMatchObject({ status: "completed", payment_id: paid.reference });
    expect((await auditLedger(d)).ok).toBe(true);
  });

  it("a PayID payment's refund goes back the way it came: charge.refunded with channel payid", async () => {
    const paid = await payByPayId(k, 250_000);
    const r = (await post({ reference: paid.reference })).body.data!;
    expect((await approveRefund(await db(), { refundId: r.id, actor: admin })).status).toBe("completed");
    const sent = await refundedEvents(paid.reference);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({ channel: "payid", refunded_amount: 250_000, payer: { name: "Bola PayID" } });
  });

  it("a checkout payment by card is refunded with channel card and the session's merchant reference", async () => {
    const shop = await makeKey({ config: { rateLimit: 100_000, initializeLimit: 100_000, paymentMethods: ["card", "bank_transfer"] } });
    const session = await newSession(shop.secretKey, { amount: 420_000, payment_methods: ["card"], reference: "order-4242" });
    const d = await db();
    const paid = await makeSandboxPayment(d, {
      mode: "test",
      merchantId: shop.merchantId,
      body: SandboxPaymentBody.parse({ session_id: session.session_id, channel: "card", amount: 420_000 }),
    });
    const r = (await post({ reference: paid.reference }, shop.secretKey)).body.data!;
    await approveRefund(d, { refundId: r.id, actor: admin });
    const sent = await refundedEvents(paid.reference);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({ channel: "card", amount: 420_000, refunded_amount: 420_000 });
    expect(sent[0]!.data).toMatchObject({ merchant_reference: "order-4242" });
    expect(sent[0]!.keyPairId).toBe(shop.keyPair.id);
  });

  it("an invoice payment is refunded too: charge.refunded with its channel, to the invoice's key", async () => {
    const shop = await makeKey({ config: { rateLimit: 100_000 } });
    const inv = await createInvoiceOk(shop, {
      customer_name: "Tola Ade",
      customer_email: "tola@example.com",
      line_items: [{ description: "Cake", quantity: 1, unit_price: 330_000 }],
      due_date: inDays(7),
      send: true,
    });
    const d = await db();
    const paid = await makeSandboxPayment(d, {
      mode: "test",
      merchantId: shop.merchantId,
      body: SandboxPaymentBody.parse({ invoice_id: inv.public_id, channel: "payid", amount: 330_000, payer: { name: "Tola Ade" } }),
    });
    expect((await paymentOf(paid.reference)).destinationKind).toBe("invoice");
    const r = (await post({ reference: paid.reference }, shop.secretKey)).body.data!;
    expect((await approveRefund(d, { refundId: r.id, actor: admin })).status).toBe("completed");
    const sent = await refundedEvents(paid.reference);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.keyPairId).toBe(shop.keyPair.id);
    expect(sent[0]!.data).toMatchObject({ channel: "payid", amount: 330_000, refunded_amount: 330_000 });
  });

  it("rejection releases the hold and sends nothing; the payment stays completed and may be asked for again", async () => {
    const paid = await payByTransfer(k, 600_000);
    const before = await balance();
    const r = (await post({ reference: paid.reference })).body.data!;
    expect(await balance()).toBe(before - 594_000);
    const d = await db();
    const rejected = await rejectRefund(d, { refundId: r.id, reason: "Looks like fraud", actor: admin });
    expect(rejected.status).toBe("rejected");
    expect(await balance()).toBe(before);
    expect(await entry(`refund:${r.id}:released`)).toMatchObject({ kind: "refund_released" });
    expect(await refundedEvents(paid.reference)).toHaveLength(0);
    expect((await paymentOf(paid.reference)).status).toBe("completed");
    const retry = await post({ reference: paid.reference });
    expect(retry.status).toBe(200);
    expect(retry.body.data!.id).not.toBe(r.id);
    expect(await balance()).toBe(before - 594_000);
    expect((await auditLedger(d)).ok).toBe(true);
  });

  it("a bank failure returns the net to the wallet and the fee to fee revenue, sends nothing, and leaves the payment refundable", async () => {
    const paid = await payByTransfer(k, 400_000, "0000000000");
    const before = await balance();
    const r = (await post({ reference: paid.reference })).body.data!;
    const failed = await approveRefund(await db(), { refundId: r.id, actor: admin });
    expect(failed).toMatchObject({ status: "failed", failureReason: "Payer account not found" });
    expect(await balance()).toBe(before);
    expect(await refundedEvents(paid.reference)).toHaveLength(0);
    expect((await paymentOf(paid.reference)).status).toBe("completed");
  });
});

describe("the admin's review queue shows every channel", () => {
  it("a wallet payment's refund is in the queue with its channel, payment and payer, and no static account", async () => {
    const key = await makeKey({ config: { rateLimit: 100_000 } });
    const paid = await payByTransfer(key, 210_000);
    const r = (await post({ reference: paid.reference, reason: "Damaged" }, key.secretKey)).body.data!;
    const d = await db();
    const queue = await listRefundReviews(d, { status: "requested", merchantId: key.merchantId });
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]).toMatchObject({
      refund: { id: r.id, channel: "bank_transfer", paymentReference: paid.reference },
      account: null,
      payment: { id: null, reference: paid.reference, amount: 210_000, fee: 2_100, payer: { name: "Ada Obi", account: "0690000031" }, settlementStatus: null },
    });
    const review = (await getRefundReview(d, r.id))!;
    expect(review).toMatchObject({ account: null, payment: null, charge: { reference: paid.reference, channel: "bank_transfer" }, accountPayments: [] });
    expect(review.accountRefunds.map((x) => x.id)).toEqual([r.id]);
  });
});

describe("every channel in one list; static-account routes unchanged", () => {
  it("a static-account payment can be refunded by its reference too; GET /v1/checkout/refunds lists it with the reference, the static route with its payment id", async () => {
    const sm = await refundMerchant();
    const p = await pendingPayment(sm, { amount: 700_000 });
    const res = await post({ reference: p.reference }, sm.secretKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ payment_id: p.reference, amount: "7000.00", status: "requested" });
    const all = await list("page_size=100", sm.secretKey);
    expect(all.body.data!.items.find((i) => i.id === res.body.data!.id)?.payment_id).toBe(p.reference);
    const staticList = await call<Page>(staticRefundsList, { path: "/v1/checkout/static-account/refunds?page_size=100", key: sm.secretKey });
    expect(staticList.body.data!.items.find((i) => i.id === res.body.data!.id)?.payment_id).toBe(p.id);
    // A wallet payment's refund is not a static-account refund.
    const wp = await payByPayId(await keyOf(sm), 100_000);
    const walletRefund = (await post({ reference: wp.reference }, sm.secretKey)).body.data!;
    const staticAgain = await call<Page>(staticRefundsList, { path: "/v1/checkout/static-account/refunds?page_size=100", key: sm.secretKey });
    expect(staticAgain.body.data!.items.map((i) => i.id)).not.toContain(walletRefund.id);
    expect((await list("page_size=100", sm.secretKey)).body.data!.items.map((i) => i.id)).toEqual(expect.arrayContaining([walletRefund.id, res.body.data!.id]));
    const [row] = await (
      await db()
    )
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, walletRefund.id)));
    expect(row).toMatchObject({ channel: "payid", staticAccountId: null, paymentId: null });
  });
});

/** The refund merchant's key as a Key (its wallet PayID is what a PayID payment pays). */
async function keyOf(sm: Awaited<ReturnType<typeof refundMerchant>>): Promise<Key> {
  return { merchantId: sm.merchantId, keyPair: { mode: sm.mode, id: sm.keyPairId, settlementPayIdId: sm.walletPayIdId } } as unknown as Key;
}
