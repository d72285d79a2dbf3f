import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { issueDynamicPayId } from "@/lib/payids/issue-dynamic-payid";
import { CreateDynamicPayIdBody } from "@/lib/payids/payid-input";
import { createStaticPayId, setStaticPayIdActive } from "@/lib/payids/static-payids";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { makeExpired, newSession, selectMethod, sessionKey, sessionRow } from "@/tests/sessions";
import { getPayPagePayId } from "./pay-page-payid";
import { returnUrl } from "./return-url";
import { simulateCheckoutPayment } from "./simulate-checkout-payment";
import { simulatePayIdPayment } from "./simulate-payid-payment";

const code = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { code?: string }) => e.code ?? String(e),
  );

describe("checkout page: simulate payment", () => {
  it("pays the session's current account, and only after bank transfer was chosen", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey, { amount: 120_000 });
    const db = await getDb();
    expect(await code(simulateCheckoutPayment(db, { sessionId: s.session_id, method: "bank_transfer" }))).toBe("INVALID_STATE");
    expect((await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" })).status).toBe(200);
    const paid = await simulateCheckoutPayment(db, { sessionId: s.session_id, method: "bank_transfer" });
    expect(paid).toMatchObject({ reference: s.reference, channel: "bank_transfer", amount: 120_000, status: "completed" });
    expect((await sessionRow(s.session_id)).status).toBe("completed");
    // A paid session takes nothing more.
    expect(await code(simulateCheckoutPayment(db, { sessionId: s.session_id, method: "bank_transfer" }))).toBe("HTTP_ERROR");
  });

  it("pays the session's PayID, or the session itself by card when card is offered", async () => {
    const key = await sessionKey({ config: { paymentMethods: ["bank_transfer", "payid", "card"] } });
    const db = await getDb();
    const byPayId = await newSession(key.secretKey, { payment_methods: ["payid"] });
    await selectMethod(key.secretKey, byPayId.session_id, { payment_method: "payid" });
    expect(await simulateCheckoutPayment(db, { sessionId: byPayId.session_id, method: "payid" })).toMatchObject({ channel: "payid" });

    const byCard = await newSession(key.secretKey, { payment_methods: ["card"] });
    expect(await code(simulateCheckoutPayment(db, { sessionId: byCard.session_id, method: "crypto" }))).toBe("HTTP_ERROR");
    expect(await simulateCheckoutPayment(db, { sessionId: byCard.session_id, method: "card" })).toMatchObject({ channel: "card", status: "completed" });
  });

  it("refuses a live session (nothing is booked) and an expired one", async () => {
    const live = await sessionKey({ mode: "live" });
    const s = await newSession(live.secretKey);
    await selectMethod(live.secretKey, s.session_id, { payment_method: "bank_transfer" });
    const db = await getDb();
    expect(await code(simulateCheckoutPayment(db, { sessionId: s.session_id, method: "bank_transfer" }))).toBe("SANDBOX_ONLY");
    expect((await sessionRow(s.session_id)).status).toBe("active");

    const key = await sessionKey();
    const old = await newSession(key.secretKey);
    await makeExpired(old.session_id);
    await expect(simulateCheckoutPayment(db, { sessionId: old.session_id, method: "bank_transfer" })).rejects.toThrow("Session has expired.");
  });
});

describe("PayID pay page", () => {
  it("finds a wallet PayID live first (its handle exists in both modes), test on request; simulating refuses live", async () => {
    const key = await sessionKey();
    const db = await getDb();
    const wallet = (await getWalletPayId(db, { merchantId: key.merchantId, mode: "test" }))!;
    const found = await getPayPagePayId(db, { payId: `@${wallet.payId.toUpperCase()}` });
    expect(found).toMatchObject({ mode: "live", kind: "wallet", open: true, otherMode: "test", amount: null });
    expect(await getPayPagePayId(db, { payId: wallet.payId, mode: "test" })).toMatchObject({ mode: "test", otherMode: "live" });
    expect(await getPayPagePayId(db, { payId: "no-such-payid-anywhere" })).toBeNull();

    expect(await code(simulatePayIdPayment(db, { payId: wallet.payId, amount: 5_000 }))).toBe("SANDBOX_ONLY");
    expect(await simulatePayIdPayment(db, { payId: wallet.payId, mode: "test", amount: 5_000 })).toMatchObject({ channel: "payid", amount: 5_000 });
  });

  it("a single-use dynamic PayID shows its amount and rule, then closes once paid; a wrong amount is refused", async () => {
    const key = await sessionKey();
    const db = await getDb();
    const dyn = await issueDynamicPayId(db, {
      merchantId: key.merchantId,
      mode: "test",
      keyPairId: key.keyPair.id,
      settlementPayIdId: null,
      source: "api",
      body: CreateDynamicPayIdBody.parse({ amount: 2500, amount_validation: "A0", name: "Concert ticket" }),
    });
    const before = await getPayPagePayId(db, { payId: dyn.fullPayId });
    expect(before).toMatchObject({
      mode: "test",
      kind: "dynamic",
      name: "Concert ticket",
      amount: 250_000,
      amountValidation: "A0",
      status: "active",
      open: true,
      session: null,
      otherMode: null,
    });
    expect(await code(simulatePayIdPayment(db, { payId: dyn.fullPayId, amount: 100_000 }))).toBe("AMOUNT_REJECTED");
    await simulatePayIdPayment(db, { payId: dyn.fullPayId, amount: 250_000 });
    expect(await getPayPagePayId(db, { payId: dyn.fullPayId })).toMatchObject({ status: "completed", open: false });
    expect(await code(simulatePayIdPayment(db, { payId: dyn.fullPayId, amount: 250_000 }))).toBe("DESTINATION_CLOSED");
  });

  it("a session's PayID links to its checkout and carries the session's amount; a deactivated static PayID is closed", async () => {
    const key = await sessionKey();
    const db = await getDb();
    const s = await newSession(key.secretKey, { amount: 77_700 });
    const details = (await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" })).body.data!;
    expect(await getPayPagePayId(db, { payId: details.pay_id })).toMatchObject({
      amount: 77_700,
      open: true,
      session: { id: s.session_id, amount: 77_700, status: "active" },
    });

    const handle = `hp${Math.random().toString(36).slice(2, 10)}`;
    const wallet = (await getWalletPayId(db, { merchantId: key.merchantId, mode: "test" }))!;
    const sp = await createStaticPayId(db, {
      merchantId: key.merchantId,
      mode: "test",
      merchantType: "business",
      keyPairId: key.keyPair.id,
      settlementPayIdId: wallet.id,
      source: "api",
      body: { pay_id: handle, suffix: ".spid", name: "Shop counter", description: null },
    });
    expect(await getPayPagePayId(db, { payId: `${handle}.spid` })).toMatchObject({ kind: "static", name: "Shop counter", open: true });
    await setStaticPayIdActive(db, { merchantId: key.merchantId, mode: "test", id: sp.id, active: false });
    expect(await getPayPagePayId(db, { payId: `${handle}.spid` })).toMatchObject({ status: "inactive", open: false });
  });
});

describe("returnUrl", () => {
  it("adds the session reference to the callback, keeping its query; only http(s) is followed", () => {
    expect(returnUrl("https://shop.example.com/thanks?order=42", "CHK_abc")).toBe("https://shop.example.com/thanks?order=42&reference=CHK_abc");
    expect(returnUrl("http://localhost:3000/done", "CHK_x")).toBe("http://localhost:3000/done?reference=CHK_x");
    expect(returnUrl(null, "CHK_x")).toBeNull();
    expect(returnUrl("javascript:alert(1)", "CHK_x")).toBeNull();
    expect(returnUrl("not a url", "CHK_x")).toBeNull();
  });
});
