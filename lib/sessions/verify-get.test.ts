import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { receivePayment } from "@/lib/payments/receive-payment";
import { makeKey } from "@/tests/factories";
import { GET_FIELDS, VERIFY_FIELDS, getSession, makeExpired, newSession, selectMethod, sessionKey, sessionRow, timeline, verify } from "@/tests/sessions";

afterAll(() => afterCommitDeliveriesSettled());

describe("GET /v1/checkout/session/:sessionId/verify", () => {
  it("answers api.md's verify fields; payment_method null before selection, paid_at null while active", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey, { reference: "inv-9", email: "Ada@Example.com" });
    const r = await verify(key.secretKey, s.session_id);
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body.data!).sort()).toEqual(VERIFY_FIELDS);
    expect(r.body.data).toEqual({
      session_id: s.session_id,
      reference: s.reference,
      merchant_reference: "inv-9",
      status: "active",
      amount: 50_000,
      currency: "NGN",
      customer_email: "Ada@Example.com",
      payment_method: null,
      paid_at: null,
    });
  });

  it("payment_method is the selected method", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    expect((await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" })).status).toBe(200);
    expect((await verify(key.secretKey, s.session_id)).body.data!.payment_method).toBe("payid");
  });

  it("a paid session: status completed with paid_at set (payment booked through receivePayment)", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const details = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    expect(details.status, details.text).toBe(200);
    const row = await sessionRow(s.session_id);
    const db = await getDb();
    await db.transaction((tx) =>
      receivePayment(tx, { destination: { kind: "virtual_account", virtualAccountId: row.virtualAccountId! }, amount: 50_000, payer: { name: "ADA OBI" } }),
    );
    const r = await verify(key.secretKey, s.session_id);
    expect(r.body.data!.status).toBe("completed");
    expect(r.body.data!.payment_method).toBe("bank_transfer");
    expect(Date.parse(r.body.data!.paid_at!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("lazy expiry: an active session past expires_at is answered (and stored) expired, with an `expired` timeline entry", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    await makeExpired(s.session_id);
    const r = await verify(key.secretKey, s.session_id);
    expect(r.status).toBe(200);
    expect(r.body.data!.status).toBe("expired");
    expect(r.body.data!.paid_at).toBeNull();
    expect((await sessionRow(s.session_id)).status).toBe("expired");
    expect((await timeline(s.session_id)).map((e) => e.type)).toEqual(["created", "expired"]);
  });
});

describe("GET /v1/checkout/session/:sessionId", () => {
  it("answers api.md's get fields", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey, { customer_name: "Ada Obi", callback_url: "https://shop.example.com/done" });
    const r = await getSession(key.secretKey, s.session_id);
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body.data!).sort()).toEqual(GET_FIELDS);
    expect(r.body.data).toEqual({
      session_id: s.session_id,
      amount: 50_000,
      currency: "NGN",
      customer_email: "ada@example.com",
      customer_name: "Ada Obi",
      merchant_name: s.merchant_name,
      enabled_payment_methods: ["bank_transfer", "payid"],
      callback_url: "https://shop.example.com/done",
      expires_at: s.expires_at,
      status: "active",
    });
  });

  it("customer_name and callback_url are null when not given", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const r = await getSession(key.publicKey, s.session_id);
    expect(r.body.data).toMatchObject({ customer_name: null, callback_url: null });
  });

  it("lazy expiry: status expired once expires_at has passed", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    await makeExpired(s.session_id);
    expect((await getSession(key.secretKey, s.session_id)).body.data!.status).toBe("expired");
  });

  it("public keys from a disallowed origin: 403 Origin not allowed for this API key (get enforces origin)", async () => {
    const key = await sessionKey({ config: { allowedDomains: ["shop.example.com"] } });
    const s = await newSession(key.secretKey);
    const r = await getSession({ key: key.publicKey, headers: { origin: "https://evil.example.net" } }, s.session_id);
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Origin not allowed for this API key" });
  });
});

describe("ownership by key pair (api.md Authentication 6, supplement §1), for verify and get", () => {
  const both = [
    ["verify", verify],
    ["get", getSession],
  ] as const;

  it.each(both)("%s: either half of the owning pair may read it", async (_n, read) => {
    const key = await sessionKey();
    const s = await newSession(key.publicKey);
    expect((await read(key.secretKey, s.session_id)).status).toBe(200);
    expect((await read(key.publicKey, s.session_id)).status).toBe(200);
  });

  it.each(both)("%s: another key pair of the same merchant and mode → 400 Session does not belong to this API key.", async (_n, read) => {
    const key = await sessionKey();
    const other = await sessionKey({ merchantId: key.merchantId });
    const s = await newSession(key.secretKey);
    const r = await read(other.secretKey, s.session_id);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "HTTP_ERROR", message: "Session does not belong to this API key." });
    expect(typeof r.body.correlationId).toBe("string");
  });

  it.each(both)("%s: another merchant's key → 404 Session not found.", async (_n, read) => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const r = await read((await sessionKey()).secretKey, s.session_id);
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual({ code: "HTTP_ERROR", message: "Session not found." });
  });

  it.each(both)("%s: the same merchant's live key → 404 Session not found.", async (_n, read) => {
    const key = await sessionKey();
    const live = await makeKey({ merchantId: key.merchantId, mode: "live" });
    const s = await newSession(key.secretKey);
    const r = await read(live.secretKey, s.session_id);
    expect(r.status).toBe(404);
    expect(r.body.error!.message).toBe("Session not found.");
  });

  it.each(both)("%s: an unknown id or a malformed one → 404 Session not found.", async (_n, read) => {
    const key = await sessionKey();
    for (const id of ["01890f3e-0000-7000-8000-000000000000", "not-a-uuid", "1'; drop table x;--"]) {
      const r = await read(key.secretKey, id);
      expect(r.status, id).toBe(404);
      expect(r.body.error).toEqual({ code: "HTTP_ERROR", message: "Session not found." });
    }
  });
});

describe("verify's read travels with the rate-limit count (route option prefetch)", () => {
  it("counts every call; over the limit the answer is 429 with no session data, and X-RateLimit-* on every answer", async () => {
    const key = await sessionKey({ config: { rateLimit: 3 } });
    const s = await newSession(key.secretKey); // call 1
    const ok = await verify(key.secretKey, s.session_id); // call 2
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-ratelimit-remaining")).toBe("1");
    expect(ok.headers.get("x-correlation-id")).toBeTruthy();
    const foreign = await verify(key.secretKey, "01890f3e-0000-7000-8000-000000000000"); // call 3
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get("x-ratelimit-remaining")).toBe("0");
    const limited = await verify(key.secretKey, s.session_id); // call 4
    expect(limited.status).toBe(429);
    expect(limited.body.data).toBeUndefined();
    expect(limited.text).not.toContain(s.reference);
    expect(limited.headers.get("x-ratelimit-limit")).toBe("3");
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });

  it("a session due to expire is expired (stored, timeline entry) by a prefetched verify too, and the ownership rules hold", async () => {
    const key = await sessionKey();
    const other = await sessionKey({ merchantId: key.merchantId });
    const s = await newSession(key.secretKey);
    await makeExpired(s.session_id);
    expect((await verify(other.secretKey, s.session_id)).status).toBe(400);
    expect((await sessionRow(s.session_id)).status).toBe("active");
    const r = await verify(key.publicKey, s.session_id);
    expect(r.body.data).toMatchObject({ status: "expired", amount: 50_000, paid_at: null });
    expect((await timeline(s.session_id)).map((e) => e.type)).toEqual(["created", "expired"]);
  });
});
