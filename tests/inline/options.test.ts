import { describe, expect, it } from "vitest";
import { apiError, initializeBody, OptionsError, successResponse } from "@/client/inline/options";

// Supplement §7 inline checkout: the script's options → POST /v1/checkout/session/initialize.
describe("initializeBody: inline options to the initialize body", () => {
  const base = { apiKey: "pk_test_abc", email: "ada@example.com", amount: 500000 };

  it("maps reference, currency, firstName + lastName (customer_name), metadata and paymentMethods", () => {
    expect(
      initializeBody({
        ...base,
        currency: "NGN",
        reference: "order-1",
        firstName: " Ada ",
        lastName: "Obi",
        metadata: { order: 1 },
        paymentMethods: ["bank_transfer", "payid"],
      }),
    ).toEqual({
      amount: 500000,
      email: "ada@example.com",
      currency: "NGN",
      reference: "order-1",
      customer_name: "Ada Obi",
      metadata: { order: 1 },
      payment_methods: ["bank_transfer", "payid"],
    });
  });

  it("leaves out what was not given; one name alone is the customer_name", () => {
    expect(initializeBody(base)).toEqual({ amount: 500000, email: "ada@example.com" });
    expect(initializeBody({ ...base, lastName: "Obi", paymentMethods: [] })).toEqual({ amount: 500000, email: "ada@example.com", customer_name: "Obi" });
  });

  it("accepts metadata as a JSON string of an object, and refuses any other string or value", () => {
    expect(initializeBody({ ...base, metadata: '{"cart":"7"}' }).metadata).toEqual({ cart: "7" });
    expect(() => initializeBody({ ...base, metadata: "[1,2]" })).toThrow(OptionsError);
    expect(() => initializeBody({ ...base, metadata: "not json" })).toThrow(/metadata/);
    expect(() => initializeBody({ ...base, metadata: 7 as unknown as string })).toThrow(/metadata/);
  });

  it("a numeric string amount is the same kobo; a number reference becomes a string", () => {
    expect(initializeBody({ ...base, amount: "150000" as unknown as number, reference: 42 as unknown as string })).toMatchObject({
      amount: 150000,
      reference: "42",
    });
  });

  it("needs a public key, never a secret one", () => {
    expect(() => initializeBody({ ...base, apiKey: "" })).toThrow(/apiKey/);
    expect(() => initializeBody({ ...base, apiKey: "sk_test_secret" })).toThrow(/public key/);
  });
});

describe("successResponse: onSuccess's argument comes only from a completed verify answer", () => {
  const verified = {
    session_id: "0190a1b2-0000-7000-8000-000000000001",
    reference: "OWO-1",
    merchant_reference: "order-1",
    status: "completed",
    amount: 500000,
    currency: "NGN",
    customer_email: "ada@example.com",
    payment_method: "bank_transfer",
    paid_at: "2026-01-01T00:00:00.000Z",
  };

  it("has exactly the supplement's fields", () => {
    expect(successResponse(verified)).toEqual({
      session_id: verified.session_id,
      reference: "OWO-1",
      merchant_reference: "order-1",
      status: "completed",
      amount: 500000,
      currency: "NGN",
      payment_method: "bank_transfer",
    });
  });

  it("is null for a session that is not completed", () => {
    expect(successResponse({ ...verified, status: "active" })).toBeNull();
    expect(successResponse({ ...verified, status: "expired" })).toBeNull();
  });
});

describe("apiError: onError's argument", () => {
  it("is the API envelope's code and message, or a network/HTTP fallback", () => {
    expect(apiError(403, { error: { code: "HTTP_ERROR", message: "Origin not allowed for this API key" } })).toEqual({
      code: "HTTP_ERROR",
      message: "Origin not allowed for this API key",
    });
    expect(apiError(0, null).code).toBe("NETWORK_ERROR");
    expect(apiError(502, "<html>").code).toBe("HTTP_502");
  });
});
