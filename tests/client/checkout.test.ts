import { describe, expect, it } from "vitest";
import { makeKey } from "@/tests/factories";
import { owoClient, owoError } from "./client";

describe("typed client: checkout sessions", () => {
  it("initialize, get, verify, choose bank transfer, switch bank, and a sandbox transfer to its account completes the session", async () => {
    const key = await makeKey({ config: { rateLimit: 10_000 } });
    const owo = owoClient(key.secretKey);
    const session = await owo.initializeSession({ amount: 250_000, email: "ada@example.com", customer_name: "Ada Obi" });
    expect(session).toMatchObject({ amount: 250_000, currency: "NGN", merchant_reference: null });

    expect(await owo.getSession(session.session_id)).toMatchObject({ session_id: session.session_id, customer_name: "Ada Obi", status: "active" });
    expect(await owo.verifySession(session.session_id)).toMatchObject({ status: "active", paid_at: null });

    const details = await owo.selectPaymentMethod(session.session_id, { payment_method: "bank_transfer" });
    expect(details.payment_method).toBe("bank_transfer");
    if (details.payment_method !== "bank_transfer") throw new Error("narrowed by payment_method");
    const other = details.banks.find((b) => !b.current)!;
    const switched = await owo.switchBank(session.session_id, { provider: other.provider });
    expect(switched.bank_code).toBe(other.bank_code);

    const paid = await owo.createSandboxPayment({ account_number: switched.account_number, amount: 250_000 });
    expect(paid).toMatchObject({ channel: "bank_transfer", status: "completed", amount: 250_000 });
    expect(await owo.verifySession(session.session_id)).toMatchObject({ status: "completed", payment_method: "bank_transfer" });
  });

  it("a public key may initialize a session; a secret-only operation refuses it with SECRET_KEY_REQUIRED", async () => {
    const key = await makeKey();
    const owo = owoClient(key.publicKey);
    expect((await owo.initializeSession({ amount: 10_000, email: "pk@example.com" })).amount).toBe(10_000);
    const err = await owoError(owo.listTransfers());
    expect({ status: err.status, code: err.code }).toEqual({ status: 403, code: "SECRET_KEY_REQUIRED" });
  });

  it("a shape error throws an OwoError with status, code, message, details and correlationId", async () => {
    const key = await makeKey();
    const owo = owoClient(key.secretKey);
    const err = await owoError(owo.initializeSession({ amount: 5, email: "x@example.com" }));
    expect(err.status).toBe(400);
    expect(err.code).toBe("HTTP_ERROR");
    expect(err.message).toBe("Validation error");
    expect(err.details?.some((d) => d.startsWith("amount"))).toBe(true);
    expect(err.correlationId).toMatch(/\S/);
  });

  it("an unknown session is 404 HTTP_ERROR; a bad key is 401", async () => {
    const key = await makeKey();
    const missing = await owoError(owoClient(key.secretKey).getSession("00000000-0000-7000-8000-000000000000"));
    expect({ status: missing.status, code: missing.code }).toEqual({ status: 404, code: "HTTP_ERROR" });
    const bad = await owoError(owoClient("sk_test_nope").getSession("x"));
    expect(bad.status).toBe(401);
  });
});
