import { describe, expect, it } from "vitest";
import { POST as runPost } from "@/app/v1/sandbox/settlement/run/route";
import { getDb } from "@/db/client";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { makeKey } from "@/tests/factories";
import { call } from "@/tests/http";
import { batchRows, bookedPayment, merchantBalance, paymentRows, payoutRows, settlementMerchant } from "@/tests/settlement";
import { getSettlementSettings, setSettlementSettings } from "./settlement-settings";

describe("settlement settings", () => {
  it("default to the merchant's wallet PayID for the mode", async () => {
    const m = await settlementMerchant();
    const wallet = (await getWalletPayId(await getDb(), { merchantId: m.merchantId, mode: "test" }))!;
    expect(await getSettlementSettings(await getDb(), { merchantId: m.merchantId, mode: "test" })).toEqual({
      destination: "wallet",
      walletPayIdId: wallet.id,
      walletPayId: wallet.payId,
    });
  });

  it("a bank account is checked by name enquiry and stored with the bank's name; back to wallet clears it; modes are apart", async () => {
    const m = await settlementMerchant();
    const db = await getDb();
    const set = await setSettlementSettings(db, {
      merchantId: m.merchantId,
      mode: "test",
      destination: "bank_account",
      bankCode: "058",
      accountNumber: "0123456789",
    });
    expect(set).toMatchObject({ destination: "bank_account", bankCode: "058", bankName: "Guaranty Trust Bank", accountNumber: "0123456789" });
    expect(set.destination === "bank_account" && set.accountName.length > 0).toBe(true);
    expect(await getSettlementSettings(db, { merchantId: m.merchantId, mode: "test" })).toEqual(set);
    expect((await getSettlementSettings(db, { merchantId: m.merchantId, mode: "live" })).destination).toBe("wallet");
    const back = await setSettlementSettings(db, { merchantId: m.merchantId, mode: "test", destination: "wallet" });
    expect(back.destination).toBe("wallet");
    expect(await getSettlementSettings(db, { merchantId: m.merchantId, mode: "test" })).toEqual(back);
  });

  it("refuses an unknown bank code, a malformed account number and an account the bank does not know", async () => {
    const m = await settlementMerchant();
    const db = await getDb();
    const base = { merchantId: m.merchantId, mode: "test" as const, destination: "bank_account" as const };
    await expect(setSettlementSettings(db, { ...base, bankCode: "zzz", accountNumber: "0123456789" })).rejects.toMatchObject({
      status: 400,
      details: ["bank_code zzz is not a known bank code"],
    });
    await expect(setSettlementSettings(db, { ...base, bankCode: "058", accountNumber: "12345" })).rejects.toMatchObject({
      status: 400,
      details: ["account_number must be 10 digits"],
    });
    await expect(setSettlementSettings(db, { ...base })).rejects.toMatchObject({
      status: 400,
      details: ["bank_code is required", "account_number must be 10 digits"],
    });
    await expect(setSettlementSettings(db, { ...base, bankCode: "058", accountNumber: "0000000000" })).rejects.toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
    expect((await getSettlementSettings(db, { merchantId: m.merchantId, mode: "test" })).destination).toBe("wallet");
  });
});

describe("POST /v1/sandbox/settlement/run", () => {
  const run = (key: string) => call(runPost, { method: "POST", path: "/v1/sandbox/settlement/run", key });

  it("settles this key's merchant's test payments now, whatever their schedule, to the wallet", async () => {
    const m = await settlementMerchant();
    const other = await settlementMerchant();
    const tomorrow = new Date(Date.now() + 86_400_000);
    await bookedPayment(m, { amount: 500_000, expectedPayoutAt: tomorrow });
    await bookedPayment(m, { amount: 500_000, expectedPayoutAt: tomorrow });
    await bookedPayment(m, { amount: 500_000, expectedPayoutAt: tomorrow, settlementStatus: "under_review" });
    await bookedPayment(other, { amount: 500_000, expectedPayoutAt: tomorrow });
    const r = await run(m.secretKey);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ batched: 2, paid_out: 0, wallet_credit: 2, failed: 0 });
    expect(await merchantBalance(m.merchantId, "test", "wallet")).toBe(2 * 497_500);
    expect((await paymentRows(m.merchantId)).map((p) => p.settlementStatus).sort()).toEqual(["under_review", "wallet_credit", "wallet_credit"]);
    expect((await paymentRows(other.merchantId))[0]!.settlementStatus).toBe("pending_settlement");
    expect((await run(m.secretKey)).body.data).toEqual({ batched: 0, paid_out: 0, wallet_credit: 0, failed: 0 });
  });

  it("pays a bank destination through the sandbox bank within the run (paid_out)", async () => {
    const m = await settlementMerchant();
    await setSettlementSettings(await getDb(), {
      merchantId: m.merchantId,
      mode: "test",
      destination: "bank_account",
      bankCode: "044",
      accountNumber: "0690000031",
    });
    await bookedPayment(m, { amount: 2_000_000, expectedPayoutAt: new Date(Date.now() + 86_400_000) });
    const r = await run(m.secretKey);
    expect(r.body.data).toEqual({ batched: 1, paid_out: 1, wallet_credit: 0, failed: 0 });
    expect((await batchRows(m.merchantId))[0]!.status).toBe("paid_out");
    expect((await payoutRows(m.merchantId))[0]).toMatchObject({ destination: "bank_account", status: "paid_out", amount: 1_990_000 });
    expect(await merchantBalance(m.merchantId, "test", "pending_settlement")).toBe(0);
  });

  it("answers live keys 403 SANDBOX_ONLY", async () => {
    const live = await makeKey({ mode: "live" });
    const r = await run(live.secretKey);
    expect(r.status).toBe(403);
    expect(r.body.error?.code).toBe("SANDBOX_ONLY");
  });
});
