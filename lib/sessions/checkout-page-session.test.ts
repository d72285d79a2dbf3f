import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { newSession, selectMethod, sessionKey } from "@/tests/sessions";
import { getCheckoutPageSession } from "./checkout-page-session";
import { selectPaymentMethod } from "./select-payment-method";

const BASE = "https://pay.example.ng";

describe("the hosted checkout page's reads and selections (by session id alone)", () => {
  it("loads a session with its merchant name; no details before a method is chosen", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey, { line_items: [{ name: "Suya", quantity: 2, amount: 25_000 }] });
    const page = await getCheckoutPageSession(await getDb(), { sessionId: s.session_id, baseUrl: BASE });
    expect(page.session).toMatchObject({
      id: s.session_id,
      amount: 50_000,
      status: "active",
      lineItems: [{ name: "Suya", quantity: 2, amount: 25_000, description: null }],
    });
    expect(page.merchantName).toBe(s.merchant_name);
    expect(page.details).toBeNull();
  });

  it("details of the chosen method are the API's; a selection made by the page is the same as one through /v1", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const api = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    const db = await getDb();
    expect((await getCheckoutPageSession(db, { sessionId: s.session_id, baseUrl: BASE })).details).toEqual(api.body.data);
    const payid = await selectPaymentMethod(db, { sessionId: s.session_id, owner: null, method: "payid", baseUrl: BASE });
    expect(payid).toMatchObject({ payment_method: "payid", qr_data: `${BASE}/p/${(payid as { pay_id: string }).pay_id}` });
    expect((await getCheckoutPageSession(db, { sessionId: s.session_id, baseUrl: BASE })).details).toEqual(payid);
  });

  it("an unknown or malformed id: 404 Session not found.", async () => {
    const db = await getDb();
    for (const sessionId of ["01890f3e-0000-7000-8000-000000000000", "x"]) {
      await expect(getCheckoutPageSession(db, { sessionId, baseUrl: BASE })).rejects.toMatchObject({ status: 404, message: "Session not found." });
    }
  });
});
