import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/checkout/transfer/balance/route";
import { POST as pay } from "@/app/v1/sandbox/payments/route";
import { getDb } from "@/db/client";
import { findPayId } from "@/lib/payids/find-pay-id";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/webhook-receiver";
import { receivePayment } from "./receive-payment";

const PAY = "/v1/sandbox/payments";
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function payee() {
  const m = await makeMerchant();
  const key = await makeKey({ merchantId: m.merchant.id, config: { webhookUrl: receiver.url } });
  return { merchant: m, key, handle: m.payIds.test };
}

describe("POST /v1/sandbox/payments to a wallet PayID (receivePayment)", () => {
  it("books the payment (PayID payments are free), credits the wallet in full and answers {reference, channel, amount, status}", async () => {
    const { key, handle } = await payee();
    const payer = await makeKey();
    const r = await call(pay, {
      method: "POST",
      key: payer.secretKey,
      path: PAY,
      json: { pay_id: `@${handle.toUpperCase()}`, amount: 250_000, payer: { name: "Chidi Okeke" } },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ reference: expect.stringMatching(/^pay_/), channel: "payid", amount: 250_000, status: "completed" });
    const b = await call(balance, { key: key.secretKey, path: "/v1/checkout/transfer/balance" });
    expect(b.body.data).toMatchObject({ available_balance: 250_000 });
  });

  it("sends charge.success (channel payid, payer name only, no fees) to the wallet's keys' webhook URL", async () => {
    const { handle } = await payee();
    const payer = await makeKey();
    const before = receiver.received.length;
    const r = await call(pay, {
      method: "POST",
      key: payer.secretKey,
      path: PAY,
      json: { pay_id: handle, amount: 10_000, payer: { name: "Ngozi Eze", bank: "GTBank", account: "0123456789" } },
    });
    const [delivered] = (await receiver.waitFor(before + 1)).slice(before).filter((w) => JSON.parse(w.body).data.reference === r.body.data!.reference);
    const body = JSON.parse(delivered!.body);
    expect(body.event).toBe("charge.success");
    expect(body.data).toMatchObject({
      reference: r.body.data!.reference,
      amount: 10_000,
      currency: "NGN",
      status: "completed",
      channel: "payid",
      payer: { name: "Ngozi Eze" },
    });
    expect(body.data).not.toHaveProperty("fees");
    expect(body.data.payer).toEqual({ name: "Ngozi Eze" });
    expect(delivered!.headers["webhook-id"]).toMatch(/^evt_/);
  });

  it("an unknown PayID is 400 DESTINATION_NOT_FOUND and nothing is booked", async () => {
    const payer = await makeKey();
    const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { pay_id: "no-such-payid-xyz", amount: 1_000 } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "DESTINATION_NOT_FOUND" });
  });

  it("exactly one destination: none or two is a validation error", async () => {
    const payer = await makeKey();
    for (const json of [{ amount: 1_000 }, { amount: 1_000, pay_id: "a", account_number: "0123456789" }]) {
      const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json });
      expect(r.status).toBe(400);
      expect(r.body.error).toEqual({
        code: "HTTP_ERROR",
        message: "Validation error",
        details: ["body needs exactly one of account_number, pay_id, session_id, invoice_id"],
      });
    }
  });

  it("a live key gets 403 SANDBOX_ONLY", async () => {
    const { handle } = await payee();
    const live = await makeKey({ mode: "live" });
    const r = await call(pay, { method: "POST", key: live.secretKey, path: PAY, json: { pay_id: handle, amount: 1_000 } });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: "SANDBOX_ONLY" });
  });

  it("the same bank reference notified twice is booked once and announced once", async () => {
    const { merchant } = await payee();
    const db = await getDb();
    const payId = (await findPayId(db, { mode: "test", payId: merchant.payIds.test }))!;
    const reference = `bank_${Date.now()}_${Math.random()}`;
    const first = await db.transaction((tx) => receivePayment(tx, { destination: { kind: "pay_id", payId }, amount: 5_000, reference }));
    const again = await db.transaction((tx) => receivePayment(tx, { destination: { kind: "pay_id", payId }, amount: 5_000, reference }));
    expect(first.duplicate).toBe(false);
    expect(first.eventIds).toHaveLength(1);
    expect(again).toMatchObject({ duplicate: true, eventIds: [] });
  });
});
