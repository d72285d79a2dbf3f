import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { merchants, payIds } from "@/db/schema";
import { PARTNER_BANKS } from "@/lib/bank/partner-banks";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { receivePayment } from "@/lib/payments/receive-payment";
import { makeKey } from "@/tests/factories";
import { accountsOf, makeExpired, newSession, payIdsOf, selectMethod, sessionKey, sessionRow, timeline, uniqueRef } from "@/tests/sessions";

afterAll(() => afterCommitDeliveriesSettled());

const BANK_FIELDS = ["account_name", "account_number", "amount", "bank_code", "bank_name", "banks", "expires_at", "payment_method"].sort();
const PAYID_FIELDS = ["amount", "expires_at", "pay_id", "payment_method", "qr_data"].sort();

describe("POST /v1/checkout/session/:sessionId/payment-method: bank_transfer", () => {
  it("issues a temporary virtual account for the session's amount (A0) until the session expires, and answers api.md's bank details", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey, { amount: 125_050 });
    const r = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    expect(r.status, r.text).toBe(200);
    const d = r.body.data!;
    expect(Object.keys(d).sort()).toEqual(BANK_FIELDS);
    expect(d.payment_method).toBe("bank_transfer");
    expect(d.account_number).toMatch(/^\d{10}$/);
    expect(d.amount).toBe(125_050);
    expect(d.expires_at).toBe(s.expires_at);
    expect(d.account_name).toBe(s.merchant_name);
    const [account, ...more] = await accountsOf(s.session_id);
    expect(more).toHaveLength(0);
    expect(account).toMatchObject({
      accountNumber: d.account_number,
      bankName: d.bank_name,
      bankCode: d.bank_code,
      amount: 125_050,
      amountValidation: "A0",
      status: "pending",
      source: "checkout",
      keyPairId: key.keyPair.id,
      settlementPayIdId: key.keyPair.settlementPayIdId,
    });
    expect(account!.expiresAt!.toISOString()).toBe(s.expires_at);
    // banks: every partner bank; the account's own bank is current.
    expect(d.banks).toEqual(
      PARTNER_BANKS.map((b) => ({ provider: b.provider, bank_name: b.bankName, bank_code: b.bankCode, current: b.provider === account!.provider })),
    );
    expect(d.banks.filter((b) => b.current)).toHaveLength(1);
    const row = await sessionRow(s.session_id);
    expect(row).toMatchObject({ paymentMethod: "bank_transfer", virtualAccountId: account!.id, attempts: 1 });
    const events = await timeline(s.session_id);
    expect(events.map((e) => e.type)).toEqual(["created", "method_selected"]);
    expect(events[1]!.data).toMatchObject({ payment_method: "bank_transfer", virtual_account_id: account!.id });
  });

  it("the same method again reuses the pending account (no new account, no switch)", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const a = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    const b = await selectMethod(key.publicKey, s.session_id, { payment_method: "bank_transfer" });
    expect(b.body.data).toEqual(a.body.data);
    expect(await accountsOf(s.session_id)).toHaveLength(1);
    expect((await sessionRow(s.session_id)).attempts).toBe(1);
    expect((await timeline(s.session_id)).map((e) => e.type)).toEqual(["created", "method_selected"]);
  });

  it("account_name falls back to the platform's display name when the merchant has no business name", async () => {
    const key = await sessionKey();
    const db = await getDb();
    await db.update(merchants).set({ name: "  " }).where(eq(merchants.id, key.merchantId));
    const s = await newSession(key.secretKey);
    const r = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    expect(r.body.data!.account_name).toBe("Owo Checkout");
  });

  it("the bank cannot issue: 503, the cancelled account is kept on record, and a retry asks the bank again", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey, { metadata: { sandbox_issue: "fail" } });
    const r = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    expect(r.status).toBe(503);
    expect(r.body.error!.code).toBe("HTTP_ERROR");
    const [cancelled] = await accountsOf(s.session_id);
    expect(cancelled).toMatchObject({ status: "cancelled", accountNumber: null });
    await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    expect((await accountsOf(s.session_id)).map((a) => a.status)).toEqual(["cancelled", "cancelled"]);
    expect((await sessionRow(s.session_id)).status).toBe("active");
  });
});

describe("payment-method: payid", () => {
  it("issues a single-payment dynamic PayID for the session's amount (A0) until the session expires; qr_data is {base}/p/<pay_id>", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey, { amount: 7_500 });
    const r = await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" });
    expect(r.status, r.text).toBe(200);
    const d = r.body.data!;
    expect(Object.keys(d).sort()).toEqual(PAYID_FIELDS);
    expect(d.payment_method).toBe("payid");
    expect(d.pay_id).toMatch(/^[a-z0-9]+\.dypid$/);
    expect(d.qr_data).toBe(`${new URL(s.checkout_url).origin}/p/${d.pay_id}`);
    expect(d.amount).toBe(7_500);
    expect(d.expires_at).toBe(s.expires_at);
    const [payId] = await payIdsOf(s.session_id);
    expect(payId).toMatchObject({
      amount: 7_500,
      amountValidation: "A0",
      allowMultiplePayments: false,
      status: "active",
      source: "checkout",
      keyPairId: key.keyPair.id,
      settlementPayIdId: key.keyPair.settlementPayIdId,
    });
    expect(`${payId!.slug}.dypid`).toBe(d.pay_id);
    expect(await sessionRow(s.session_id)).toMatchObject({ paymentMethod: "payid", dynamicPayIdId: payId!.id, attempts: 1 });
  });

  it("the same method again reuses the active PayID", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const a = await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" });
    const b = await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" });
    expect(b.body.data).toEqual(a.body.data);
    expect(await payIdsOf(s.session_id)).toHaveLength(1);
  });

  it("payment_type is accepted for payment_method (PHP SDK alias, supplement §7)", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const r = await selectMethod(key.secretKey, s.session_id, { payment_type: "payid" });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data!.payment_method).toBe("payid");
  });
});

describe("payment-method: switching method", () => {
  it("a different method retires the previous account, logs method_switched and counts an attempt", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    const r = await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" });
    expect(r.status, r.text).toBe(200);
    const [account] = await accountsOf(s.session_id);
    expect(account!.status).toBe("expired");
    expect(account!.retiredAt).not.toBeNull();
    const row = await sessionRow(s.session_id);
    expect(row).toMatchObject({ paymentMethod: "payid", attempts: 2 });
    const events = await timeline(s.session_id);
    expect(events.map((e) => e.type)).toEqual(["created", "method_selected", "method_switched"]);
    expect(events[2]!.data).toMatchObject({ from: "bank_transfer", to: "payid", attempts: 2 });
  });

  it("switching back retires the PayID (deactivated, its handle off) and issues a new account", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const first = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" });
    const again = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    expect(again.status).toBe(200);
    expect(again.body.data!.account_number).not.toBe(first.body.data!.account_number);
    const [payId] = await payIdsOf(s.session_id);
    expect(payId!.status).toBe("deactivated");
    expect(payId!.deactivatedAt).not.toBeNull();
    const [handle] = await (await getDb()).select().from(payIds).where(eq(payIds.id, payId!.payIdId));
    expect(handle!.isActive).toBe(false);
    expect((await accountsOf(s.session_id)).map((a) => a.status)).toEqual(["expired", "pending"]);
    expect((await sessionRow(s.session_id)).attempts).toBe(3);
    expect((await timeline(s.session_id)).map((e) => e.type)).toEqual(["created", "method_selected", "method_switched", "method_switched"]);
  });

  it("the retired account no longer takes money; the new one does", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" });
    const [retired] = await accountsOf(s.session_id);
    const db = await getDb();
    await expect(
      db.transaction((tx) => receivePayment(tx, { destination: { kind: "virtual_account", virtualAccountId: retired!.id }, amount: 50_000 })),
    ).rejects.toMatchObject({ status: 400 });
    expect((await sessionRow(s.session_id)).status).toBe("active");
  });
});

describe("payment-method: refusals (api.md Errors > Sessions)", () => {
  it("an expired session: 400 Session has expired. (and it is stored expired)", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    await makeExpired(s.session_id);
    const r = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "HTTP_ERROR", message: "Session has expired." });
    expect((await sessionRow(s.session_id)).status).toBe("expired");
    expect(await accountsOf(s.session_id)).toHaveLength(0);
    // Asked again, the stored status answers the same.
    expect((await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" })).body.error!.message).toBe("Session has expired.");
  });

  it("a completed session: 400 Session is completed.", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    const row = await sessionRow(s.session_id);
    const db = await getDb();
    await db.transaction((tx) => receivePayment(tx, { destination: { kind: "virtual_account", virtualAccountId: row.virtualAccountId! }, amount: 50_000 }));
    const r = await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "HTTP_ERROR", message: "Session is completed." });
  });

  it("a failed (replaced) session: 400 Session is failed.; its account was retired when it failed", async () => {
    const key = await sessionKey();
    const reference = uniqueRef();
    const s = await newSession(key.secretKey, { reference });
    await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    await newSession(key.secretKey, { reference, amount: 99_900 });
    const [account] = await accountsOf(s.session_id);
    expect(account!.status).toBe("expired");
    expect(account!.retiredAt).not.toBeNull();
    const r = await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "HTTP_ERROR", message: "Session is failed." });
  });

  it("a replaced session's PayID is retired too", async () => {
    const key = await sessionKey();
    const reference = uniqueRef();
    const s = await newSession(key.secretKey, { reference });
    await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" });
    await newSession(key.secretKey, { reference, amount: 99_900 });
    expect((await payIdsOf(s.session_id))[0]!.status).toBe("deactivated");
  });

  const unsupported: [string, unknown, string][] = [
    ["an unknown method", { payment_method: "cash" }, "Unsupported payment method: cash"],
    ["card (taken on the hosted page, not through /v1)", { payment_method: "card" }, "Unsupported payment method: card"],
    ["crypto (taken on the hosted page, not through /v1)", { payment_method: "crypto" }, "Unsupported payment method: crypto"],
  ];
  it.each(unsupported)("%s: 400 Unsupported payment method", async (_n, json, message) => {
    const key = await sessionKey({ config: { paymentMethods: ["bank_transfer", "payid", "card"], cryptoAssets: ["USDT"] } });
    const s = await newSession(key.secretKey);
    const r = await selectMethod(key.secretKey, s.session_id, json);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "HTTP_ERROR", message });
    expect((await sessionRow(s.session_id)).paymentMethod).toBeNull();
  });

  it("a method the session does not offer: 400 Unsupported payment method: bank_transfer", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey, { payment_methods: ["payid"] });
    const r = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "HTTP_ERROR", message: "Unsupported payment method: bank_transfer" });
  });

  it("payment_method missing: 400 Validation error naming it", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const r = await selectMethod(key.secretKey, s.session_id, {});
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Validation error", details: ["payment_method is required"] });
    const wrongType = await selectMethod(key.secretKey, s.session_id, { payment_method: 5 });
    expect(wrongType.body.error).toMatchObject({ message: "Validation error", details: ["payment_method must be a string"] });
  });

  it("ownership: another key pair of the merchant 400, another merchant 404, unknown or malformed id 404", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const sibling = await sessionKey({ merchantId: key.merchantId });
    const mine = await selectMethod(sibling.secretKey, s.session_id, { payment_method: "payid" });
    expect(mine.status).toBe(400);
    expect(mine.body.error).toEqual({ code: "HTTP_ERROR", message: "Session does not belong to this API key." });
    const stranger = await selectMethod((await sessionKey()).secretKey, s.session_id, { payment_method: "payid" });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toEqual({ code: "HTTP_ERROR", message: "Session not found." });
    const live = await selectMethod((await makeKey({ merchantId: key.merchantId, mode: "live" })).secretKey, s.session_id, { payment_method: "payid" });
    expect(live.status).toBe(404);
    for (const id of ["01890f3e-0000-7000-8000-000000000000", "nope"]) {
      const r = await selectMethod(key.secretKey, id, { payment_method: "payid" });
      expect(r.status).toBe(404);
      expect(r.body.error!.message).toBe("Session not found.");
    }
    expect(await payIdsOf(s.session_id)).toHaveLength(0);
  });

  it("a public key from a disallowed origin: 403 (payment-method enforces origin)", async () => {
    const key = await sessionKey({ config: { allowedDomains: ["shop.example.com"] } });
    const s = await newSession(key.secretKey);
    const r = await selectMethod({ key: key.publicKey, headers: { origin: "https://evil.example.net" } }, s.session_id, { payment_method: "payid" });
    expect(r.status).toBe(403);
    expect(r.body.error!.message).toBe("Origin not allowed for this API key");
    const ok = await selectMethod({ key: key.publicKey, headers: { origin: "https://shop.example.com" } }, s.session_id, { payment_method: "payid" });
    expect(ok.status).toBe(200);
  });

  it("without the checkout permission: 403 PERMISSION_DENIED", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const other = await makeKey({ merchantId: key.merchantId, config: { permissions: ["transfers"] } });
    const r = await selectMethod(other.secretKey, s.session_id, { payment_method: "payid" });
    expect(r.status).toBe(403);
    expect(r.body.error!.code).toBe("PERMISSION_DENIED");
  });
});
