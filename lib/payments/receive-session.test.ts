import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as initialize } from "@/app/v1/checkout/session/initialize/route";
import { POST as selectMethod } from "@/app/v1/checkout/session/[sessionId]/payment-method/route";
import { POST as switchBank } from "@/app/v1/checkout/session/[sessionId]/switch-bank/route";
import { GET as verify } from "@/app/v1/checkout/session/[sessionId]/verify/route";
import { POST as pay } from "@/app/v1/sandbox/payments/route";
import { getDb } from "@/db/client";
import { events, payments, sessionEvents } from "@/db/schema";
import { walletBalance } from "@/lib/ledger/accounts";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { armPause } from "@/tests/pause-points";
import { makeKey } from "@/tests/factories";
import { call } from "@/tests/http";
import { closeLockObserver, lockObserver } from "@/tests/lock-observer";
import { rowLockHolder, untilArrived } from "@/tests/lock-waits";

const PAY = "/v1/sandbox/payments";
afterAll(closeLockObserver);
type Json = Record<string, unknown>;

async function session(body: Json = {}, config: Parameters<typeof makeKey>[0] = {}) {
  const key = await makeKey(config);
  const r = await call(initialize, {
    method: "POST",
    key: key.secretKey,
    path: "/v1/checkout/session/initialize",
    json: {
      amount: 250_000,
      email: "buyer@example.com",
      customer_name: "Kemi Ade",
      reference: `order-${Math.random()}`,
      metadata: { order: 7 },
      line_items: [{ name: "Shoes", quantity: 1, amount: 250_000 }],
      ...body,
    },
  });
  expect(r.status).toBe(200);
  return { key, data: r.body.data as Json & { session_id: string; reference: string } };
}

const choose = (key: string, sessionId: string, method: string) =>
  call(selectMethod, {
    method: "POST",
    key,
    path: `/v1/checkout/session/${sessionId}/payment-method`,
    params: { sessionId },
    json: { payment_method: method },
  });

const verifyOf = (key: string, sessionId: string) => call(verify, { key, path: `/v1/checkout/session/${sessionId}/verify`, params: { sessionId } });

const chargeFor = async (reference: string) =>
  (await (await getDb()).select().from(events).where(eq(events.type, "charge.success"))).filter((e) => e.data.reference === reference);

describe("paying a checkout session", () => {
  it("by bank transfer to its account: session completed with paid_at, charge.success carries the session's reference, merchant reference, customer, metadata, line items, 1% fee and payer", async () => {
    const { key, data } = await session();
    const details = await choose(key.secretKey, data.session_id, "bank_transfer");
    expect(details.status).toBe(200);
    const payer = await makeKey();
    const r = await call(pay, {
      method: "POST",
      key: payer.secretKey,
      path: PAY,
      json: { account_number: details.body.data!.account_number, amount: 250_000, payer: { name: "Musa Bello", bank: "Access Bank", account: "0690000031" } },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ reference: data.reference, channel: "bank_transfer", amount: 250_000, status: "completed" });

    const v = await verifyOf(key.secretKey, data.session_id);
    expect(v.body.data).toMatchObject({ status: "completed", payment_method: "bank_transfer", paid_at: expect.any(String) });
    const [event] = await chargeFor(data.reference);
    expect(event!.keyPairId).toBe(key.keyPair.id);
    expect(event!.data).toMatchObject({
      reference: data.reference,
      merchant_reference: data.merchant_reference,
      amount: 250_000,
      currency: "NGN",
      status: "completed",
      channel: "bank_transfer",
      customer: { email: "buyer@example.com", name: "Kemi Ade" },
      metadata: { order: 7 },
      line_items: [{ name: "Shoes", quantity: 1, amount: 250_000 }],
      fees: 2_500,
      payer: { name: "Musa Bello", bank: "Access Bank", account: "0690000031" },
    });
    expect(await walletBalance(await getDb(), { payIdId: key.keyPair.settlementPayIdId! })).toBe(250_000 - 2_500);
    const timeline = await (await getDb()).select().from(sessionEvents).where(eq(sessionEvents.sessionId, data.session_id));
    expect(timeline.map((e) => e.type)).toContain("paid");
  });

  it("by PayID: channel payid, payer name only, no fees, the full amount credited", async () => {
    const { key, data } = await session();
    const details = await choose(key.secretKey, data.session_id, "payid");
    const payer = await makeKey();
    const r = await call(pay, {
      method: "POST",
      key: payer.secretKey,
      path: PAY,
      json: { pay_id: details.body.data!.pay_id, amount: 250_000, payer: { name: "Tobi" } },
    });
    expect(r.status).toBe(200);
    const [event] = await chargeFor(data.reference);
    expect(event!.data).toMatchObject({ channel: "payid", payer: { name: "Tobi" } });
    expect(event!.data.payer).toEqual({ name: "Tobi" });
    expect(event!.data).not.toHaveProperty("fees");
    expect(await walletBalance(await getDb(), { payIdId: key.keyPair.settlementPayIdId! })).toBe(250_000);
  });

  it("a session pays only its exact amount: a different amount to its account is AMOUNT_REJECTED and the session stays active", async () => {
    const { key, data } = await session();
    const details = await choose(key.secretKey, data.session_id, "bank_transfer");
    const payer = await makeKey();
    const r = await call(pay, {
      method: "POST",
      key: payer.secretKey,
      path: PAY,
      json: { account_number: details.body.data!.account_number, amount: 249_999 },
    });
    expect(r.body.error).toMatchObject({ code: "AMOUNT_REJECTED" });
    expect((await verifyOf(key.secretKey, data.session_id)).body.data).toMatchObject({ status: "active" });
  });

  it("after a bank switch the old account number stops accepting payment (DESTINATION_CLOSED); the new one completes the session", async () => {
    const { key, data } = await session();
    const first = await choose(key.secretKey, data.session_id, "bank_transfer");
    const banks = first.body.data!.banks as { provider: string; current: boolean }[];
    const other = banks.find((b) => !b.current)!;
    const switched = await call(switchBank, {
      method: "POST",
      key: key.secretKey,
      path: `/v1/checkout/session/${data.session_id}/switch-bank`,
      params: { sessionId: data.session_id },
      json: { provider: other.provider },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.data!.account_number).not.toBe(first.body.data!.account_number);
    const payer = await makeKey();
    const old = await call(pay, {
      method: "POST",
      key: payer.secretKey,
      path: PAY,
      json: { account_number: first.body.data!.account_number, amount: 250_000 },
    });
    expect(old.body.error).toMatchObject({ code: "DESTINATION_CLOSED" });
    const fresh = await call(pay, {
      method: "POST",
      key: payer.secretKey,
      path: PAY,
      json: { account_number: switched.body.data!.account_number, amount: 250_000 },
    });
    expect(fresh.status).toBe(200);
  });

  it("after a method switch the retired PayID refuses payment", async () => {
    const { key, data } = await session();
    const payid = await choose(key.secretKey, data.session_id, "payid");
    await choose(key.secretKey, data.session_id, "bank_transfer");
    const payer = await makeKey();
    const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { pay_id: payid.body.data!.pay_id, amount: 250_000 } });
    expect(r.body.error).toMatchObject({ code: "DESTINATION_CLOSED" });
  });

  it("by card on the hosted page (sandbox): channel card, payer card with a masked PAN (first 6, last 4), card fee 1.5%", async () => {
    const { key, data } = await session({ payment_methods: ["bank_transfer", "card"] }, { config: { paymentMethods: ["bank_transfer", "payid", "card"] } });
    const payer = await makeKey();
    const r = await call(pay, {
      method: "POST",
      key: payer.secretKey,
      path: PAY,
      json: { session_id: data.session_id, channel: "card", amount: 250_000, payer: { name: "Ada" } },
    });
    expect(r.status).toBe(200);
    const [event] = await chargeFor(data.reference);
    expect(event!.data).toMatchObject({
      channel: "card",
      fees: 3_750,
      payer: { name: "Ada", card: { masked_pan: expect.stringMatching(/^\d{6}\*+\d{4}$/), card_type: expect.any(String) } },
    });
    expect(await walletBalance(await getDb(), { payIdId: key.keyPair.settlementPayIdId! })).toBe(250_000 - 3_750);
  });

  it("by card on a session that does not offer card: DESTINATION_CLOSED, nothing booked", async () => {
    const { data } = await session({ payment_methods: ["bank_transfer"] });
    const payer = await makeKey();
    const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { session_id: data.session_id, channel: "card", amount: 250_000 } });
    expect(r.body.error).toMatchObject({ code: "DESTINATION_CLOSED" });
  });

  it("by crypto: payer crypto {asset, network, amount in asset units}; an asset the session does not offer is a validation error", async () => {
    const { data } = await session({ payment_methods: ["crypto"] }, { config: { cryptoAssets: ["USDT:tron"] } });
    const payer = await makeKey();
    const bad = await call(pay, {
      method: "POST",
      key: payer.secretKey,
      path: PAY,
      json: { session_id: data.session_id, channel: "crypto", amount: 250_000, asset: "BTC" },
    });
    expect(bad.status).toBe(400);
    const r = await call(pay, {
      method: "POST",
      key: payer.secretKey,
      path: PAY,
      json: { session_id: data.session_id, channel: "crypto", amount: 250_000, asset: "USDT", network: "tron" },
    });
    expect(r.status).toBe(200);
    const [event] = await chargeFor(data.reference);
    expect(event!.data).toMatchObject({
      channel: "crypto",
      fees: 2_500,
      payer: { crypto: { asset: "USDT", network: "tron", amount: expect.stringMatching(/^\d+\.\d+$/) } },
    });
  });

  it("an expired session takes no payment (DESTINATION_CLOSED)", async () => {
    const { key, data } = await session({ payment_methods: ["card"] }, { config: { paymentMethods: ["bank_transfer", "payid", "card"] } });
    const { POST: expire } = await import("@/app/v1/sandbox/expire/route");
    await call(expire, { method: "POST", key: key.secretKey, path: "/v1/sandbox/expire", json: { resource: "session", id: data.session_id } });
    const payer = await makeKey();
    const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { session_id: data.session_id, channel: "card", amount: 250_000 } });
    expect(r.body.error).toMatchObject({ code: "DESTINATION_CLOSED" });
    expect((await verifyOf(key.secretKey, data.session_id)).body.data).toMatchObject({ status: "expired" });
  });

  it("concurrency: a card payment and a bank transfer racing for one session book exactly one completion; the other is refused", async () => {
    const { key, data } = await session({ payment_methods: ["bank_transfer", "card"] }, { config: { paymentMethods: ["bank_transfer", "payid", "card"] } });
    const details = await choose(key.secretKey, data.session_id, "bank_transfer");
    const payer = await makeKey();
    const byCard = () =>
      call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { session_id: data.session_id, channel: "card", amount: 250_000 } });
    const byTransfer = () =>
      call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { account_number: details.body.data!.account_number, amount: 250_000 } });
    // The first card payment waits right after its locks (the session's first); the other
    // nine all arrive while it holds them (each waits on the session, or has finished).
    const pause = armPause("receive:destination-locked");
    const first = byCard();
    await pause.reached;
    const others = [...Array.from({ length: 4 }, byCard), ...Array.from({ length: 5 }, byTransfer)];
    const watch = await lockObserver();
    await untilArrived(watch, await rowLockHolder(watch, "checkout_sessions", data.session_id), others);
    pause.release();
    const attempts = await Promise.all([first, ...others]);
    expect(attempts.filter((r) => r.status === 200)).toHaveLength(1);
    expect(attempts.filter((r) => r.body.error?.code === "DESTINATION_CLOSED")).toHaveLength(9);
    const booked = await (await getDb()).select().from(payments).where(eq(payments.sessionId, data.session_id));
    expect(booked).toHaveLength(1);
    expect(await chargeFor(data.reference)).toHaveLength(1);
    expect((await auditLedger(await getDb())).ok).toBe(true);
  });
});
