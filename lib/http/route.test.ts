import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as notFoundGet, POST as notFoundPost } from "@/app/v1/[...path]/route";
import { GET as banksGet, POST as banksPost } from "@/app/v1/checkout/transfer/banks/route";
import { POST as resolvePost } from "@/app/v1/checkout/transfer/banks/resolve/route";
import { getDb } from "@/db/client";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { revokeKeyPair } from "@/lib/keys/revoke-key-pair";
import { rollSecretKey } from "@/lib/keys/roll-secret-key";
import { makeKey } from "@/tests/factories";
import { byteStream, call, freshRateLimitWindow } from "@/tests/http";
import { route } from "./route";

const BANKS = "/v1/checkout/transfer/banks";
const RESOLVE = "/v1/checkout/transfer/banks/resolve";
const MB = 1024 * 1024;

/** Test-only routes built with the same pipeline as the real ones. */
const anyKeyRoute = route({ keys: "any" }, async () => ({ ok: true }));
const transfersRoute = route({ keys: "secret", permission: "transfers" }, async () => ({ ok: true }));
const initializeRoute = route({ keys: "any", limit: "initialize" }, async () => ({ ok: true }));
const plainRoute = route({ keys: "any" }, async () => ({ ok: true }));
const throwingRoute = route({ keys: "secret" }, async () => {
  throw new Error("secret internals xyz");
});

function expectRateLimitHeaders(headers: Headers) {
  expect(headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
  expect(headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  expect(headers.get("x-ratelimit-reset")).toMatch(/^\d+$/);
}

let secretKey: string;
let publicKey: string;

beforeAll(async () => {
  const key = await makeKey();
  secretKey = key.secretKey;
  publicKey = key.publicKey;
});

describe("correlation id", () => {
  it("a success response carries an x-correlation-id header", async () => {
    const { status, headers } = await call(banksGet, { path: BANKS, key: secretKey });
    expect(status).toBe(200);
    expect(headers.get("x-correlation-id")).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
  });

  it("a failure response carries x-correlation-id and repeats it as correlationId in the body", async () => {
    const { status, headers, body } = await call(banksGet, { path: BANKS });
    expect(status).toBe(401);
    const id = headers.get("x-correlation-id");
    expect(id).toBeTruthy();
    expect(body.correlationId).toBe(id);
  });

  it("a safe incoming x-correlation-id is echoed on success and failure", async () => {
    const ok = await call(banksGet, { path: BANKS, key: secretKey, headers: { "x-correlation-id": "client-trace:0001.a_b" } });
    expect(ok.headers.get("x-correlation-id")).toBe("client-trace:0001.a_b");
    const bad = await call(banksGet, { path: BANKS, headers: { "x-correlation-id": "client-trace:0002" } });
    expect(bad.headers.get("x-correlation-id")).toBe("client-trace:0002");
    expect(bad.body.correlationId).toBe("client-trace:0002");
  });

  it("an unsafe incoming x-correlation-id is replaced by a fresh one", async () => {
    const { headers, body } = await call(banksGet, { path: BANKS, headers: { "x-correlation-id": "<script>alert(1)</script>" } });
    const id = headers.get("x-correlation-id");
    expect(id).not.toContain("<");
    expect(id).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    expect(body.correlationId).toBe(id);
  });

  it("two requests without an incoming id get different correlation ids", async () => {
    const a = await call(banksGet, { path: BANKS, key: secretKey });
    const b = await call(banksGet, { path: BANKS, key: secretKey });
    expect(a.headers.get("x-correlation-id")).not.toBe(b.headers.get("x-correlation-id"));
  });
});

describe("authentication", () => {
  async function expectInvalidKey(p: Promise<Awaited<ReturnType<typeof call>>>) {
    const { status, body, headers } = await p;
    expect(status).toBe(401);
    expect(body.success).toBe(false);
    expect(body.error).toEqual({ code: "HTTP_ERROR", message: "Invalid API key" });
    expect(body.correlationId).toBe(headers.get("x-correlation-id"));
    expectRateLimitHeaders(headers);
  }

  it("a missing key gets 401 HTTP_ERROR 'Invalid API key'", async () => {
    await expectInvalidKey(call(banksGet, { path: BANKS }));
  });

  it("a malformed key gets 401 HTTP_ERROR 'Invalid API key'", async () => {
    await expectInvalidKey(call(banksGet, { path: BANKS, key: "sk_test_short" }));
    await expectInvalidKey(call(banksGet, { path: BANKS, key: "not-a-key-at-all" }));
    await expectInvalidKey(call(banksGet, { path: BANKS, bearer: "" }));
  });

  it("an unknown well-formed key gets 401 HTTP_ERROR 'Invalid API key'", async () => {
    await expectInvalidKey(call(banksGet, { path: BANKS, key: `sk_test_${"A".repeat(40)}` }));
    await expectInvalidKey(call(banksGet, { path: BANKS, key: `pk_test_${"b".repeat(40)}` }));
  });

  it("a key of the right shape but the other mode's prefix gets 401", async () => {
    // The same random part under sk_live_ is a different key: never the test key.
    await expectInvalidKey(call(banksGet, { path: BANKS, key: secretKey.replace("sk_test_", "sk_live_") }));
  });

  it("a revoked key gets 401 HTTP_ERROR 'Invalid API key' (both halves)", async () => {
    const key = await makeKey();
    expect((await call(banksGet, { path: BANKS, key: key.secretKey })).status).toBe(200);
    expect((await call(anyKeyRoute, { key: key.publicKey })).status).toBe(200);
    await revokeKeyPair(await getDb(), { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, actor: CLI_ACTOR });
    await expectInvalidKey(call(banksGet, { path: BANKS, key: key.secretKey }));
    await expectInvalidKey(call(anyKeyRoute, { key: key.publicKey }));
  });

  it("a rolled key's OLD secret gets 401 HTTP_ERROR 'Invalid API key'; the new one works", async () => {
    const key = await makeKey();
    expect((await call(banksGet, { path: BANKS, key: key.secretKey })).status).toBe(200);
    const rolled = await rollSecretKey(await getDb(), { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, actor: CLI_ACTOR });
    await expectInvalidKey(call(banksGet, { path: BANKS, key: key.secretKey }));
    expect((await call(banksGet, { path: BANKS, key: rolled.secretKey })).status).toBe(200);
  });

  it("a key sent as x-api-key is accepted", async () => {
    const { status, body } = await call(banksGet, { path: BANKS, key: secretKey });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
  });

  it("a key sent as Authorization: Bearer is accepted", async () => {
    const { status, body } = await call(banksGet, { path: BANKS, bearer: secretKey });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const lower = await call(banksGet, { path: BANKS, headers: { authorization: `bearer ${secretKey}` } });
    expect(lower.status).toBe(200);
  });
});

describe("key type", () => {
  it("a public key on the banks endpoint gets 403 SECRET_KEY_REQUIRED", async () => {
    const { status, body } = await call(banksGet, { path: BANKS, key: publicKey });
    expect(status).toBe(403);
    expect(body.success).toBe(false);
    expect(body.error?.code).toBe("SECRET_KEY_REQUIRED");
  });

  it("a public key on resolve gets 403 SECRET_KEY_REQUIRED", async () => {
    const { status, body } = await call(resolvePost, {
      method: "POST",
      path: RESOLVE,
      key: publicKey,
      json: { account_number: "0123456789", bank_code: "058" },
    });
    expect(status).toBe(403);
    expect(body.error?.code).toBe("SECRET_KEY_REQUIRED");
  });
});

describe("origin check (public keys)", () => {
  let shopKey: Awaited<ReturnType<typeof makeKey>>;
  beforeAll(async () => {
    shopKey = await makeKey({ config: { allowedDomains: ["shop.example.com"] } });
  });

  it("a public key with allowedDomains is accepted from an allowed Origin", async () => {
    const { status, body } = await call(anyKeyRoute, { key: shopKey.publicKey, headers: { origin: "https://shop.example.com" } });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { ok: true } });
  });

  it("a public key from a disallowed Origin gets 403 HTTP_ERROR 'Origin not allowed for this API key'", async () => {
    const { status, body } = await call(anyKeyRoute, { key: shopKey.publicKey, headers: { origin: "https://evil.example.com" } });
    expect(status).toBe(403);
    expect(body.error).toEqual({ code: "HTTP_ERROR", message: "Origin not allowed for this API key" });
  });

  it("a look-alike Origin (suffix or prefix of the allowed domain) is refused", async () => {
    for (const origin of ["https://evilshop.example.com", "https://shop.example.com.evil.net", "https://sub.shop.example.com"]) {
      const { status } = await call(anyKeyRoute, { key: shopKey.publicKey, headers: { origin } });
      expect(status, origin).toBe(403);
    }
  });

  it("a public key with allowedDomains and no Origin header gets 403", async () => {
    const { status, body } = await call(anyKeyRoute, { key: shopKey.publicKey });
    expect(status).toBe(403);
    expect(body.error).toEqual({ code: "HTTP_ERROR", message: "Origin not allowed for this API key" });
  });

  it("a wildcard *.example.com allows https://a.example.com but not the bare domain", async () => {
    const key = await makeKey({ config: { allowedDomains: ["*.example.com"] } });
    expect((await call(anyKeyRoute, { key: key.publicKey, headers: { origin: "https://a.example.com" } })).status).toBe(200);
    expect((await call(anyKeyRoute, { key: key.publicKey, headers: { origin: "https://b.c.example.com:8443" } })).status).toBe(200);
    expect((await call(anyKeyRoute, { key: key.publicKey, headers: { origin: "https://example.com" } })).status).toBe(403);
    expect((await call(anyKeyRoute, { key: key.publicKey, headers: { origin: "https://a.example.org" } })).status).toBe(403);
  });

  it("an allowed domain with a port must match host and port", async () => {
    const key = await makeKey({ config: { allowedDomains: ["localhost:3000"] } });
    expect((await call(anyKeyRoute, { key: key.publicKey, headers: { origin: "http://localhost:3000" } })).status).toBe(200);
    expect((await call(anyKeyRoute, { key: key.publicKey, headers: { origin: "http://localhost:4000" } })).status).toBe(403);
  });

  it("a secret key is never origin-checked", async () => {
    for (const headers of [{ origin: "https://evil.example.com" }, {}] as Record<string, string>[]) {
      const { status } = await call(anyKeyRoute, { key: shopKey.secretKey, headers });
      expect(status).toBe(200);
    }
  });

  it("a public key with no allowed domains is not origin-checked", async () => {
    for (const headers of [{ origin: "https://anything.example.net" }, {}] as Record<string, string>[]) {
      const { status } = await call(anyKeyRoute, { key: publicKey, headers });
      expect(status).toBe(200);
    }
  });
});

describe("permission", () => {
  it("a key without the route's permission gets 403 PERMISSION_DENIED naming it", async () => {
    const key = await makeKey({ config: { permissions: ["checkout"] } });
    const { status, body } = await call(transfersRoute, { key: key.secretKey });
    expect(status).toBe(403);
    expect(body.error).toEqual({ code: "PERMISSION_DENIED", message: "This API key lacks the transfers permission." });
    expect(body.correlationId).toBeTruthy();
  });

  it("a key with the permission passes", async () => {
    const key = await makeKey({ config: { permissions: ["transfers"] } });
    const { status } = await call(transfersRoute, { key: key.secretKey });
    expect(status).toBe(200);
  });
});

describe("rate limits", () => {
  it("a key over its per-minute limit gets 429 HTTP_ERROR 'Too Many Requests' with Retry-After; another key is unaffected", async () => {
    const a = await makeKey({ config: { rateLimit: 3 } });
    const b = await makeKey({ config: { rateLimit: 3 } });
    await freshRateLimitWindow();
    for (let i = 0; i < 3; i++) expect((await call(banksGet, { path: BANKS, key: a.secretKey })).status).toBe(200);
    const limited = await call(banksGet, { path: BANKS, key: a.secretKey });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({ code: "HTTP_ERROR", message: "Too Many Requests" });
    expect(limited.body.correlationId).toBe(limited.headers.get("x-correlation-id"));
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("x-ratelimit-limit")).toBe("3");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");

    expect((await call(banksGet, { path: BANKS, key: b.secretKey })).status).toBe(200);
  });

  it("both halves of a pair share one counter", async () => {
    const key = await makeKey({ config: { rateLimit: 2 } });
    await freshRateLimitWindow();
    expect((await call(anyKeyRoute, { key: key.secretKey })).status).toBe(200);
    expect((await call(anyKeyRoute, { key: key.publicKey })).status).toBe(200);
    expect((await call(anyKeyRoute, { key: key.publicKey })).status).toBe(429);
    expect((await call(anyKeyRoute, { key: key.secretKey })).status).toBe(429);
  });

  it("every /v1 response carries X-RateLimit-Limit/Remaining/Reset and remaining decreases", async () => {
    const key = await makeKey({ config: { rateLimit: 50 } });
    await freshRateLimitWindow();
    const first = await call(banksGet, { path: BANKS, key: key.secretKey });
    const second = await call(banksGet, { path: BANKS, key: key.secretKey });
    const failure = await call(resolvePost, { method: "POST", path: RESOLVE, key: key.secretKey, json: {} });
    for (const r of [first, second, failure]) expectRateLimitHeaders(r.headers);
    expect(first.headers.get("x-ratelimit-limit")).toBe("50");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("49");
    expect(second.headers.get("x-ratelimit-remaining")).toBe("48");
    expect(failure.status).toBe(400);
    expect(failure.headers.get("x-ratelimit-remaining")).toBe("47");
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    const now = Date.now() / 1000;
    expect(reset).toBeGreaterThan(now);
    expect(reset).toBeLessThanOrEqual(now + 61);
    expect(reset % 60).toBe(0);
  });

  it("the default limit is 100 per minute", async () => {
    const { headers } = await call(banksGet, { path: BANKS, key: (await makeKey()).secretKey });
    expect(headers.get("x-ratelimit-limit")).toBe("100");
    expect(headers.get("x-ratelimit-remaining")).toBe("99");
  });

  it("the initialize limit refuses its third call while a normal route on the same key still passes until the general limit", async () => {
    const key = await makeKey({ config: { initializeLimit: 2, rateLimit: 5 } });
    await freshRateLimitWindow();
    expect((await call(initializeRoute, { key: key.secretKey })).status).toBe(200);
    expect((await call(initializeRoute, { key: key.secretKey })).status).toBe(200);
    const third = await call(initializeRoute, { key: key.secretKey });
    expect(third.status).toBe(429);
    expect(third.body.error).toEqual({ code: "HTTP_ERROR", message: "Too Many Requests" });
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
    // 3 requests counted against the general limit of 5: two more pass, then it refuses.
    expect((await call(plainRoute, { key: key.secretKey })).status).toBe(200);
    expect((await call(plainRoute, { key: key.secretKey })).status).toBe(200);
    expect((await call(plainRoute, { key: key.secretKey })).status).toBe(429);
  });

  it("concurrent requests are counted atomically: exactly the limit succeed", async () => {
    const key = await makeKey({ config: { rateLimit: 10 } });
    await freshRateLimitWindow(15);
    const results = await Promise.all(Array.from({ length: 20 }, () => call(banksGet, { path: BANKS, key: key.secretKey })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const remaining = results.filter((r) => r.status === 200).map((r) => Number(r.headers.get("x-ratelimit-remaining")));
    expect(remaining.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe("body size limit", () => {
  const account = { account_number: "0123456789", bank_code: "058" };

  /** A valid resolve body padded to exactly `size` bytes. */
  function paddedBody(size: number): string {
    const base = JSON.stringify({ ...account, pad: "" });
    return JSON.stringify({ ...account, pad: "x".repeat(size - base.length) });
  }

  it("a body over 1 MB with a declared content-length gets 413", async () => {
    const body = paddedBody(MB + 1);
    const { status, body: env } = await call(resolvePost, {
      method: "POST",
      path: RESOLVE,
      key: secretKey,
      body,
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
    });
    expect(status).toBe(413);
    expect(env.success).toBe(false);
    expect(env.error?.code).toBe("HTTP_ERROR");
    expect(env.correlationId).toBeTruthy();
  });

  it("a body over 1 MB with no content-length (a plain string body) gets 413", async () => {
    const { status } = await call(resolvePost, { method: "POST", path: RESOLVE, key: secretKey, body: paddedBody(MB + 1) });
    expect(status).toBe(413);
  });

  it("a streamed body over 1 MB with no content-length gets 413", async () => {
    const { status, body } = await call(resolvePost, { method: "POST", path: RESOLVE, key: secretKey, body: byteStream(MB + 1) });
    expect(status).toBe(413);
    expect(body.error?.code).toBe("HTTP_ERROR");
  });

  it("a streamed body over 1 MB with a lying (small) content-length gets 413", async () => {
    const { status } = await call(resolvePost, {
      method: "POST",
      path: RESOLVE,
      key: secretKey,
      body: byteStream(3 * MB),
      headers: { "content-length": "20" },
    });
    expect(status).toBe(413);
  });

  it("a body of exactly 1 MB is accepted", async () => {
    const body = paddedBody(MB);
    expect(Buffer.byteLength(body)).toBe(MB);
    const { status, body: env } = await call(resolvePost, { method: "POST", path: RESOLVE, key: secretKey, body });
    expect(status).toBe(200);
    expect(env.success).toBe(true);
  });

  // Product bug (supplement §2: every /v1 response carries X-RateLimit-*): route() throws the
  // declared-length 413 before any metering, so this answer has no rate-limit headers.
  it("a 413 refused on its declared length still carries the rate-limit headers (every /v1 response does)", async () => {
    const body = paddedBody(MB + 1);
    const { status, headers } = await call(resolvePost, {
      method: "POST",
      path: RESOLVE,
      key: secretKey,
      body,
      headers: { "content-length": String(Buffer.byteLength(body)) },
    });
    expect(status).toBe(413);
    expect(headers.get("x-correlation-id")).toBeTruthy();
    expectRateLimitHeaders(headers);
  });
});

describe("JSON body and validation", () => {
  it("malformed JSON gets 400 HTTP_ERROR 'Malformed JSON body'", async () => {
    const { status, body } = await call(resolvePost, { method: "POST", path: RESOLVE, key: secretKey, body: '{"account_number": "0123' });
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: "HTTP_ERROR", message: "Malformed JSON body" });
    expect(body.correlationId).toBeTruthy();
  });

  it("an empty body gets 400 'Validation error' naming account_number and bank_code in error.details", async () => {
    const { status, body } = await call(resolvePost, { method: "POST", path: RESOLVE, key: secretKey, json: {} });
    expect(status).toBe(400);
    expect(body.error?.code).toBe("HTTP_ERROR");
    expect(body.error?.message).toBe("Validation error");
    const details = body.error?.details;
    expect(Array.isArray(details)).toBe(true);
    expect(details!.every((d) => typeof d === "string")).toBe(true);
    expect(details!.some((d) => d.includes("account_number"))).toBe(true);
    expect(details!.some((d) => d.includes("bank_code"))).toBe(true);
    expect(details).toHaveLength(2);
  });

  it("a missing body is treated as {} and gets the same validation error", async () => {
    const { status, body } = await call(resolvePost, { method: "POST", path: RESOLVE, key: secretKey });
    expect(status).toBe(400);
    expect(body.error?.message).toBe("Validation error");
    expect(body.error?.details).toHaveLength(2);
  });

  it("account_number '123' gets a detail naming account_number (and none for bank_code)", async () => {
    const { status, body } = await call(resolvePost, {
      method: "POST",
      path: RESOLVE,
      key: secretKey,
      json: { account_number: "123", bank_code: "058" },
    });
    expect(status).toBe(400);
    expect(body.error?.message).toBe("Validation error");
    expect(body.error?.details).toHaveLength(1);
    expect(body.error?.details?.[0]).toMatch(/account_number/);
  });

  it("a wrongly typed field gets a detail naming it", async () => {
    const { status, body } = await call(resolvePost, {
      method: "POST",
      path: RESOLVE,
      key: secretKey,
      json: { account_number: 123456789, bank_code: "058" },
    });
    expect(status).toBe(400);
    expect(body.error?.details?.some((d) => d.includes("account_number"))).toBe(true);
  });
});

describe("unknown route and wrong method", () => {
  it("an unknown /v1 route gets 404 HTTP_ERROR 'Not found' with correlation id and rate-limit headers", async () => {
    const { status, body, headers } = await call(notFoundGet, { path: "/v1/nope/nothing", params: { path: ["nope", "nothing"] } });
    expect(status).toBe(404);
    expect(body.success).toBe(false);
    expect(body.error).toEqual({ code: "HTTP_ERROR", message: "Not found" });
    expect(body.correlationId).toBe(headers.get("x-correlation-id"));
    expectRateLimitHeaders(headers);
  });

  it("an unknown route with a valid key is metered against that key", async () => {
    const key = await makeKey({ config: { rateLimit: 7 } });
    const { status, headers } = await call(notFoundPost, {
      method: "POST",
      path: "/v1/nope",
      key: key.secretKey,
      params: { path: ["nope"] },
      json: {},
    });
    expect(status).toBe(404);
    expect(headers.get("x-ratelimit-limit")).toBe("7");
  });

  it("a wrong method on banks gets 405 HTTP_ERROR with an Allow header, correlation id and rate-limit headers", async () => {
    const { status, body, headers } = await call(banksPost, { method: "POST", path: BANKS, key: secretKey, json: {} });
    expect(status).toBe(405);
    expect(body.success).toBe(false);
    expect(body.error?.code).toBe("HTTP_ERROR");
    const allow = headers.get("allow") ?? "";
    expect(allow.split(/,\s*/)).toContain("GET");
    expect(allow.split(/,\s*/)).not.toContain("POST");
    expect(body.correlationId).toBe(headers.get("x-correlation-id"));
    expectRateLimitHeaders(headers);
  });
});

describe("unexpected failures", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a thrown Error gets 500 INTERNAL_ERROR with a generic message, no internals and no stack", async () => {
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
    const { status, body, text, headers } = await call(throwingRoute, { key: secretKey });
    expect(status).toBe(500);
    expect(body.success).toBe(false);
    expect(body.error?.code).toBe("INTERNAL_ERROR");
    expect(typeof body.error?.message).toBe("string");
    expect(text).not.toContain("xyz");
    expect(text).not.toContain("secret internals");
    expect(text).not.toMatch(/\bat\s+\S+\s+\(|\.ts:\d+|route\.test/);
    expect(body.correlationId).toBe(headers.get("x-correlation-id"));
    // The cause is logged with the correlation id, for the operator.
    expect(logged.some((l) => l.includes(body.correlationId!) && l.includes("secret internals xyz"))).toBe(true);
  });
});

describe("success envelope", () => {
  it("a success body is exactly { success: true, data }", async () => {
    const { status, body, headers } = await call(anyKeyRoute, { key: secretKey });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { ok: true } });
    expect(headers.get("content-type")).toMatch(/application\/json/);
  });
});
