import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { apiKeyPairs } from "@/db/schema";
import { makeKey } from "@/tests/factories";
import { freshRateLimitWindow } from "@/tests/http";
import { INITIALIZE_FIELDS, initialize, makeExpired, newSession, sessionKey, sessionRow, timeline, uniqueRef } from "@/tests/sessions";

const body = (overrides: Record<string, unknown> = {}) => ({ amount: 50_000, email: "ada@example.com", ...overrides });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const savedAppUrl = process.env.APP_URL;
afterEach(() => {
  if (savedAppUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = savedAppUrl;
});

describe("POST /v1/checkout/session/initialize: the response", () => {
  it("answers api.md's initialize fields: UUID session_id, CHK_ reference, checkout_url, kobo amount, NGN, 30 minutes, merchant name, methods, crypto_assets null", async () => {
    delete process.env.APP_URL;
    const key = await sessionKey();
    const before = Date.now();
    const r = await initialize(key.secretKey, body({ reference: "order-1" }));
    expect(r.status, r.text).toBe(200);
    expect(r.body.success).toBe(true);
    const s = r.body.data!;
    expect(Object.keys(s).sort()).toEqual(INITIALIZE_FIELDS);
    expect(s.session_id).toMatch(UUID);
    expect(s.reference).toMatch(/^CHK_[A-Za-z0-9]{12,}$/);
    expect(s.merchant_reference).toBe("order-1");
    expect(s.checkout_url).toBe(`http://localhost/pay/${s.session_id}`);
    expect(s.amount).toBe(50_000);
    expect(s.currency).toBe("NGN");
    const expires = Date.parse(s.expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(30 * 60 * 1000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000);
    const row = await sessionRow(s.session_id);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 60 * 1000);
    expect(s.merchant_name).toMatch(/^Test Merchant /);
    expect(s.enabled_payment_methods).toEqual(["bank_transfer", "payid"]);
    expect(s.crypto_assets).toBeNull();
  });

  it("merchant_reference is null without a reference; every session gets its own CHK_ reference", async () => {
    const key = await sessionKey();
    const a = await newSession(key.secretKey);
    const b = await newSession(key.secretKey);
    expect(a.merchant_reference).toBeNull();
    expect(a.reference).not.toBe(b.reference);
    expect(a.session_id).not.toBe(b.session_id);
  });

  it("checkout_url: {APP_URL}/pay/<session_id> when APP_URL is set, else the request's origin (as the proxy reports it)", async () => {
    const key = await sessionKey();
    process.env.APP_URL = "https://pay.example.ng/";
    const a = await newSession(key.secretKey);
    expect(a.checkout_url).toBe(`https://pay.example.ng/pay/${a.session_id}`);
    delete process.env.APP_URL;
    const r = await initialize({ key: key.secretKey, headers: { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example.com" } }, body());
    expect(r.body.data!.checkout_url).toBe(`https://shop.example.com/pay/${r.body.data!.session_id}`);
  });

  it("stores what the caller sent: customer, callback_url, metadata, line_items; settles to the key's settlement PayID; logs `created`", async () => {
    const key = await sessionKey();
    const lineItems = [
      { name: "Jollof rice", description: "Large", quantity: 2, amount: 15_000 },
      { name: "Chapman", quantity: 1, amount: 20_000 },
    ];
    const s = await newSession(key.secretKey, {
      customer_name: "Ada Obi",
      callback_url: "https://shop.example.com/thanks?order=1",
      metadata: { order_id: 7, tags: ["a"] },
      line_items: lineItems,
    });
    const row = await sessionRow(s.session_id);
    expect(row.customerName).toBe("Ada Obi");
    expect(row.customerEmail).toBe("ada@example.com");
    expect(row.callbackUrl).toBe("https://shop.example.com/thanks?order=1");
    expect(row.metadata).toEqual({ order_id: 7, tags: ["a"] });
    expect(row.lineItems).toEqual([
      { name: "Jollof rice", description: "Large", quantity: 2, amount: 15_000 },
      { name: "Chapman", description: null, quantity: 1, amount: 20_000 },
    ]);
    expect(row.keyPairId).toBe(key.keyPair.id);
    expect(row.settlementPayIdId).toBe(key.keyPair.settlementPayIdId);
    expect(row.status).toBe("active");
    expect(row.paymentMethod).toBeNull();
    expect(row.attempts).toBe(0);
    const events = await timeline(s.session_id);
    expect(events.map((e) => e.type)).toEqual(["created"]);
    expect(events[0]!.data).toMatchObject({ amount: 50_000, reference: s.reference, enabled_payment_methods: ["bank_transfer", "payid"] });
  });

  it("a public key may initialize (api.md: checkout takes secret or public keys)", async () => {
    const key = await sessionKey();
    const r = await initialize(key.publicKey, body());
    expect(r.status, r.text).toBe(200);
    expect((await sessionRow(r.body.data!.session_id)).keyPairId).toBe(key.keyPair.id);
  });
});

describe("initialize: body rules (400 Validation error, one detail per problem)", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["amount is required", { email: "ada@example.com" }, "amount is required"],
    ["amount below 100 kobo", body({ amount: 99 }), "amount must be an integer of at least 100"],
    ["amount not an integer", body({ amount: 150.5 }), "amount must be an integer of at least 100"],
    ["amount as a string", body({ amount: "500" }), "amount must be an integer of at least 100"],
    ["email is required", { amount: 50_000 }, "email is required"],
    ["email must be valid", body({ email: "not-an-email" }), "email must be a valid email address"],
    ["customer_name max 255", body({ customer_name: "x".repeat(256) }), "customer_name must be at most 255 characters"],
    ["currency max 3 chars", body({ currency: "NGNX" }), "currency must be at most 3 characters"],
    ["currency other than NGN", body({ currency: "USD" }), "currency must be NGN"],
    ["reference max 255", body({ reference: "r".repeat(256) }), "reference must be at most 255 characters"],
    ["callback_url max 2048", body({ callback_url: `https://e.com/${"a".repeat(2040)}` }), "callback_url must be at most 2048 characters"],
    ["callback_url must be http(s)", body({ callback_url: "javascript:alert(1)" }), "callback_url must be an http or https URL"],
    ["metadata must be an object", body({ metadata: "x" }), "metadata must be an object"],
    ["payment_methods values", body({ payment_methods: ["bank_transfer", "cash"] }), "payment_methods must be among bank_transfer, payid, card, crypto"],
    ["payment_methods not empty", body({ payment_methods: [] }), "payment_methods must have at least 1 item"],
    ["crypto_assets must be strings", body({ crypto_assets: "USDT" }), "crypto_assets must be an array of strings"],
    [
      "line_items max 50",
      body({ line_items: Array.from({ length: 51 }, () => ({ name: "x", quantity: 1, amount: 100 })) }),
      "line_items must have at most 50 items",
    ],
    ["line item needs a name", body({ line_items: [{ quantity: 1, amount: 100 }] }), "line_items.0.name is required"],
    ["line item quantity ≥ 1", body({ line_items: [{ name: "x", quantity: 0, amount: 100 }] }), "line_items quantity must be an integer of at least 1"],
    ["line item quantity integer", body({ line_items: [{ name: "x", quantity: 1.5, amount: 100 }] }), "line_items quantity must be an integer of at least 1"],
    ["line item amount integer kobo", body({ line_items: [{ name: "x", quantity: 1, amount: 1.25 }] }), "line_items amount must be an integer number of kobo"],
  ];
  it.each(cases)("%s", async (_name, json, detail) => {
    const key = await sessionKey();
    const r = await initialize(key.secretKey, json);
    expect(r.status, r.text).toBe(400);
    expect(r.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Validation error" });
    expect(r.body.error!.details).toContain(detail);
  });

  it("limits at their edge are accepted: amount 100, 255-char name and reference, 2048-char callback_url, 50 line items, currency ngn", async () => {
    const key = await sessionKey();
    const url = `https://e.com/${"a".repeat(2048 - "https://e.com/".length)}`;
    const s = await newSession(key.secretKey, {
      amount: 100,
      customer_name: "n".repeat(255),
      reference: "r".repeat(255),
      callback_url: url,
      currency: "ngn",
      line_items: Array.from({ length: 50 }, (_, i) => ({ name: `item ${i}`, quantity: 1, amount: 2 })),
    });
    expect(s.amount).toBe(100);
    expect(s.currency).toBe("NGN");
    expect((await sessionRow(s.session_id)).callbackUrl).toHaveLength(2048);
  });

  it("optional fields sent as null are taken as absent", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey, {
      customer_name: null,
      reference: null,
      callback_url: null,
      metadata: null,
      payment_methods: null,
      currency: null,
    });
    expect(s.currency).toBe("NGN");
    expect(s.merchant_reference).toBeNull();
    expect(s.enabled_payment_methods).toEqual(["bank_transfer", "payid"]);
  });
});

describe("initialize: payment methods and crypto through the key's configuration", () => {
  it("omitted payment_methods: the key's methods, crypto joining with every asset the key enables", async () => {
    const key = await sessionKey({ config: { paymentMethods: ["bank_transfer", "payid", "card"], cryptoAssets: ["USDT:tron", "BTC"] } });
    const s = await newSession(key.secretKey);
    expect(s.enabled_payment_methods).toEqual(["bank_transfer", "payid", "card", "crypto"]);
    expect(s.crypto_assets).toEqual([
      { assetCode: "USDT", network: "tron", displayName: "USDT (Tron)", decimals: 6 },
      { assetCode: "BTC", network: "bitcoin", displayName: "BTC (Bitcoin)", decimals: 8 },
    ]);
  });

  it("explicit list honoured exactly: [bank_transfer] on a crypto key offers no crypto (crypto_assets null)", async () => {
    const key = await sessionKey({ config: { cryptoAssets: ["USDT"] } });
    const s = await newSession(key.secretKey, { payment_methods: ["bank_transfer"] });
    expect(s.enabled_payment_methods).toEqual(["bank_transfer"]);
    expect(s.crypto_assets).toBeNull();
  });

  it("[crypto] alone: a crypto-only checkout; crypto_assets narrows to the named network", async () => {
    const key = await sessionKey({ config: { cryptoAssets: ["USDT", "USDC"] } });
    const s = await newSession(key.secretKey, { payment_methods: ["crypto"], crypto_assets: ["USDC:solana"] });
    expect(s.enabled_payment_methods).toEqual(["crypto"]);
    expect(s.crypto_assets).toEqual([{ assetCode: "USDC", network: "solana", displayName: "USDC (Solana)", decimals: 6 }]);
    expect((await sessionRow(s.session_id)).cryptoAssets).toEqual(["USDC:solana"]);
  });

  it("crypto_assets naming an asset the key does not enable: 400 naming it", async () => {
    const key = await sessionKey({ config: { cryptoAssets: ["USDT:tron"] } });
    const r = await initialize(key.secretKey, body({ crypto_assets: ["BTC"] }));
    expect(r.status).toBe(400);
    expect(r.body.error!.details).toEqual(["crypto_assets includes BTC, which is not enabled on this API key"]);
  });

  it("crypto asked of a key with no crypto assets: 400", async () => {
    const key = await sessionKey();
    const r = await initialize(key.secretKey, body({ payment_methods: ["crypto"] }));
    expect(r.status).toBe(400);
    expect(r.body.error!.details).toEqual(["payment_methods includes crypto, which is not enabled on this API key"]);
  });
});

describe("initialize: reference rules", () => {
  it("same reference and same amount returns the active session (nothing new is made)", async () => {
    const key = await sessionKey();
    const reference = uniqueRef();
    const a = await newSession(key.secretKey, { reference });
    const b = await newSession(key.secretKey, { reference, email: "other@example.com" });
    expect(b).toEqual(a);
    expect((await timeline(a.session_id)).map((e) => e.type)).toEqual(["created"]);
  });

  it("same reference with a new amount replaces it: the old session becomes failed, a new one is active", async () => {
    const key = await sessionKey();
    const reference = uniqueRef();
    const a = await newSession(key.secretKey, { reference });
    const b = await newSession(key.secretKey, { reference, amount: 60_000 });
    expect(b.session_id).not.toBe(a.session_id);
    expect(b.merchant_reference).toBe(reference);
    expect(b.amount).toBe(60_000);
    expect((await sessionRow(a.session_id)).status).toBe("failed");
    expect((await sessionRow(b.session_id)).status).toBe("active");
    const events = await timeline(a.session_id);
    expect(events.map((e) => e.type)).toEqual(["created", "failed"]);
    expect(events[1]!.data).toMatchObject({ reason: "replaced", replaced_by: b.session_id });
    // The original amount again now finds the new session's amount differs: it replaces again.
    const c = await newSession(key.secretKey, { reference });
    expect((await sessionRow(b.session_id)).status).toBe("failed");
    expect(c.amount).toBe(50_000);
  });

  it("a reference whose session has expired starts a new session (the old one is expired, not failed)", async () => {
    const key = await sessionKey();
    const reference = uniqueRef();
    const a = await newSession(key.secretKey, { reference });
    await makeExpired(a.session_id);
    const b = await newSession(key.secretKey, { reference });
    expect(b.session_id).not.toBe(a.session_id);
    expect((await sessionRow(a.session_id)).status).toBe("expired");
  });

  it("references are per merchant and mode: another merchant's identical reference is its own session", async () => {
    const reference = uniqueRef();
    const a = await newSession((await sessionKey()).secretKey, { reference });
    const b = await newSession((await sessionKey()).secretKey, { reference });
    expect(b.session_id).not.toBe(a.session_id);
    expect((await sessionRow(a.session_id)).status).toBe("active");
  });
});

describe("initialize: keys, permission and the initialize limit", () => {
  it("a key without the checkout permission: 403 PERMISSION_DENIED", async () => {
    const key = await makeKey({ config: { permissions: ["transfers"] } });
    const r = await initialize(key.secretKey, body());
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: "PERMISSION_DENIED", message: "This API key lacks the checkout permission." });
  });

  it("an unknown key: 401 Invalid API key", async () => {
    const r = await initialize("sk_test_nope", body());
    expect(r.status).toBe(401);
    expect(r.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Invalid API key" });
  });

  it("a public key from a disallowed origin: 403 Origin not allowed for this API key; an allowed origin passes", async () => {
    const key = await sessionKey({ config: { allowedDomains: ["shop.example.com"] } });
    const bad = await initialize({ key: key.publicKey, headers: { origin: "https://evil.example.net" } }, body());
    expect(bad.status).toBe(403);
    expect(bad.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Origin not allowed for this API key" });
    const good = await initialize({ key: key.publicKey, headers: { origin: "https://shop.example.com" } }, body());
    expect(good.status, good.text).toBe(200);
    // Secret keys have no origin validation.
    expect((await initialize({ key: key.secretKey, headers: { origin: "https://evil.example.net" } }, body())).status).toBe(200);
  });

  it("the initialize bucket (30/min by default) counts per key pair: beyond it, 429 Too Many Requests", async () => {
    await freshRateLimitWindow();
    const key = await makeKey({ config: { initializeLimit: 3 } });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await initialize(i % 2 ? key.publicKey : key.secretKey, body()));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Too Many Requests" });
    const [row] = await (await getDb()).select({ initializeLimit: apiKeyPairs.initializeLimit }).from(apiKeyPairs).where(eq(apiKeyPairs.id, key.keyPair.id));
    expect(row!.initializeLimit).toBe(3);
    const defaultKey = await makeKey();
    expect(defaultKey.keyPair.initializeLimit).toBe(30);
  });
});
