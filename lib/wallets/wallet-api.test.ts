import { describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/checkout/transfer/balance/route";
import { POST as fund } from "@/app/v1/sandbox/wallet/fund/route";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";

const BALANCE = "/v1/checkout/transfer/balance";
const FUND = "/v1/sandbox/wallet/fund";

describe("GET /v1/checkout/transfer/balance", () => {
  it("a new wallet's balance is 0 kobo in NGN", async () => {
    const key = await makeKey();
    const r = await call(balance, { key: key.secretKey, path: BALANCE });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, data: { available_balance: 0, currency: "NGN" } });
  });

  it("a key with no linked wallet gets 403 WALLET_NOT_LINKED", async () => {
    const key = await makeKey({ config: { linkWallet: false } });
    const r = await call(balance, { key: key.secretKey, path: BALANCE });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: "WALLET_NOT_LINKED" });
  });

  it("a key without the transfers permission gets 403 PERMISSION_DENIED", async () => {
    const key = await makeKey({ config: { permissions: ["checkout"] } });
    const r = await call(balance, { key: key.secretKey, path: BALANCE });
    expect(r.status).toBe(403);
    expect(r.body.error).toEqual({ code: "PERMISSION_DENIED", message: "This API key lacks the transfers permission." });
  });

  it("test and live never share a balance", async () => {
    const m = await makeMerchant();
    const test = await makeKey({ merchantId: m.merchant.id, mode: "test" });
    const live = await makeKey({ merchantId: m.merchant.id, mode: "live" });
    await call(fund, { method: "POST", key: test.secretKey, path: FUND, json: { amount: 50_000 } });
    expect((await call(balance, { key: live.secretKey, path: BALANCE })).body.data).toMatchObject({ available_balance: 0 });
    expect((await call(balance, { key: test.secretKey, path: BALANCE })).body.data).toMatchObject({ available_balance: 50_000 });
  });
});

describe("POST /v1/sandbox/wallet/fund (supplement §5)", () => {
  it("credits the key's linked wallet and answers the Balance; funding adds up", async () => {
    const key = await makeKey();
    const first = await call(fund, { method: "POST", key: key.secretKey, path: FUND, json: { amount: 1_000_000 } });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ available_balance: 1_000_000, currency: "NGN" });
    const second = await call(fund, { method: "POST", key: key.secretKey, path: FUND, json: { amount: 250 } });
    expect(second.body.data).toEqual({ available_balance: 1_000_250, currency: "NGN" });
  });

  it("two keys of one merchant share the merchant's wallet", async () => {
    const m = await makeMerchant();
    const a = await makeKey({ merchantId: m.merchant.id });
    const b = await makeKey({ merchantId: m.merchant.id });
    await call(fund, { method: "POST", key: a.secretKey, path: FUND, json: { amount: 7_000 } });
    expect((await call(balance, { key: b.secretKey, path: BALANCE })).body.data).toMatchObject({ available_balance: 7_000 });
  });

  it("a live key gets 403 SANDBOX_ONLY and nothing is credited", async () => {
    const live = await makeKey({ mode: "live" });
    const r = await call(fund, { method: "POST", key: live.secretKey, path: FUND, json: { amount: 1_000 } });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: "SANDBOX_ONLY" });
    expect((await call(balance, { key: live.secretKey, path: BALANCE })).body.data).toMatchObject({ available_balance: 0 });
  });

  it("amount must be an integer of kobo: missing, fractional or negative is a validation error", async () => {
    const key = await makeKey();
    for (const [json, detail] of [
      [{}, "amount is required"],
      [{ amount: 10.5 }, "amount must be an integer number of kobo"],
      [{ amount: -100 }, "amount must be at least 100 kobo"],
      [{ amount: "100" }, "amount must be an integer number of kobo"],
    ] as const) {
      const r = await call(fund, { method: "POST", key: key.secretKey, path: FUND, json });
      expect(r.status).toBe(400);
      expect(r.body.error).toEqual({ code: "HTTP_ERROR", message: "Validation error", details: [detail] });
    }
    expect((await call(balance, { key: key.secretKey, path: BALANCE })).body.data).toMatchObject({ available_balance: 0 });
  });

  it("a key with no linked wallet gets 403 WALLET_NOT_LINKED", async () => {
    const key = await makeKey({ config: { linkWallet: false } });
    const r = await call(fund, { method: "POST", key: key.secretKey, path: FUND, json: { amount: 1_000 } });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: "WALLET_NOT_LINKED" });
  });
});
