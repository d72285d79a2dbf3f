import { beforeAll, describe, expect, it } from "vitest";
import { POST as calculatePost } from "@/app/v1/checkout/transfer/calculate-charges/route";
import { POST as chargesPost } from "@/app/v1/checkout/transfer/charges/route";
import { GET as balanceGet } from "@/app/v1/checkout/transfer/balance/route";
import { POST as initiatePost, GET as listGet } from "@/app/v1/checkout/transfer/route";
import { GET as getOne } from "@/app/v1/checkout/transfer/[reference]/route";
import { GET as verifyGet } from "@/app/v1/checkout/transfer/[reference]/verify/route";
import type { TransferCharges } from "@/lib/fees/transfer-fees";
import { makeKey } from "@/tests/factories";
import { call, type RouteHandler } from "@/tests/http";
import { bankBody, type TestKey } from "@/tests/transfers";

let key: TestKey;

beforeAll(async () => {
  key = await makeKey({ config: { rateLimit: 100_000 } });
});

/** The route and its SDK-compatibility alias (supplement §7) must answer identically. */
const QUOTERS: [string, RouteHandler, string][] = [
  ["POST /v1/checkout/transfer/charges", chargesPost, "/v1/checkout/transfer/charges"],
  ["POST /v1/checkout/transfer/calculate-charges (alias)", calculatePost, "/v1/checkout/transfer/calculate-charges"],
];

/** [amount, fee, vat, stamp_duty]: supplement §3's bands, VAT 7.5% half up, stamp duty from 1,000,000. */
const TABLE: [number, number, number, number][] = [
  [10_000, 1_000, 75, 0], // minimum amount, lowest band
  [500_000, 1_000, 75, 0], // upper edge of the first band is inclusive
  [500_001, 2_500, 188, 0], // second band; VAT 187.5 rounds half up to 188
  [999_999, 2_500, 188, 0], // just below the stamp duty threshold
  [1_000_000, 2_500, 188, 5_000], // stamp duty from 1,000,000 kobo (10,000 naira) inclusive
  [5_000_000, 2_500, 188, 5_000], // upper edge of the second band is inclusive
  [5_000_001, 5_000, 375, 5_000], // third band
  [500_000_000, 5_000, 375, 5_000], // maximum amount
];

describe.each(QUOTERS)("%s", (_name, handler, path) => {
  const quote = (json: unknown, k = key.secretKey) => call<TransferCharges>(handler, { method: "POST", path, key: k, json });

  it.each(TABLE)("amount %i: fee %i, vat %i, stamp_duty %i, total is their sum, currency NGN", async (amount, fee, vat, stampDuty) => {
    const r = await quote({ amount, bank_code: "058" });
    expect(r.status, r.text).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data).toEqual({ amount, fee, vat, stamp_duty: stampDuty, total: amount + fee + vat + stampDuty, currency: "NGN" });
  });

  it("answers exactly the fields amount, fee, vat, stamp_duty, total, currency, all integers but currency", async () => {
    const r = await quote({ amount: 123_456, bank_code: "044" });
    expect(Object.keys(r.body.data!).sort()).toEqual(["amount", "currency", "fee", "stamp_duty", "total", "vat"]);
    for (const f of ["amount", "fee", "vat", "stamp_duty", "total"] as const) expect(Number.isInteger(r.body.data![f])).toBe(true);
  });

  it("an unknown bank_code is a 400 Validation error naming bank_code", async () => {
    const r = await quote({ amount: 50_000, bank_code: "99999999" });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Validation error" });
    expect(r.body.error!.details!.some((d) => d.includes("bank_code"))).toBe(true);
  });

  it.each([
    ["amount missing", { bank_code: "058" }, "amount"],
    ["amount below 10000", { amount: 9_999, bank_code: "058" }, "amount"],
    ["amount above 500000000", { amount: 500_000_001, bank_code: "058" }, "amount"],
    ["amount not an integer", { amount: 10_000.5, bank_code: "058" }, "amount"],
    ["bank_code missing", { amount: 50_000 }, "bank_code"],
  ])("%s is a 400 Validation error naming the field", async (_case, json, field) => {
    const r = await quote(json);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Validation error" });
    expect(r.body.error!.details!.some((d) => d.startsWith(field))).toBe(true);
  });

  it("a key without the transfers permission gets 403 PERMISSION_DENIED", async () => {
    const k = await makeKey({ config: { permissions: ["checkout", "virtual_payid"] } });
    const r = await quote({ amount: 50_000, bank_code: "058" }, k.secretKey);
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: "PERMISSION_DENIED", message: "This API key lacks the transfers permission." });
  });

  it("a key with no linked wallet gets 403 WALLET_NOT_LINKED", async () => {
    const k = await makeKey({ config: { linkWallet: false } });
    const r = await quote({ amount: 50_000, bank_code: "058" }, k.secretKey);
    expect(r.status).toBe(403);
    expect(r.body.error!.code).toBe("WALLET_NOT_LINKED");
  });

  it("a public key gets 403 SECRET_KEY_REQUIRED", async () => {
    const r = await quote({ amount: 50_000, bank_code: "058" }, key.publicKey);
    expect(r.status).toBe(403);
    expect(r.body.error!.code).toBe("SECRET_KEY_REQUIRED");
  });
});

it("the alias answers the very same body as /charges, success or failure", async () => {
  const bodies = [
    { amount: 777_777, bank_code: "070" },
    { amount: 2_000_000, bank_code: "058" },
    { amount: 50, bank_code: "058" },
    { amount: 50_000, bank_code: "nope" },
  ];
  for (const json of bodies) {
    const a = await call(chargesPost, { method: "POST", path: "/v1/checkout/transfer/charges", key: key.secretKey, json });
    const b = await call(calculatePost, { method: "POST", path: "/v1/checkout/transfer/calculate-charges", key: key.secretKey, json });
    expect(b.status).toBe(a.status);
    const strip = (x: typeof a.body) => ({ ...x, correlationId: undefined });
    expect(strip(b.body)).toEqual(strip(a.body));
  }
});

/** api.md Authentication: every transfer endpoint but banks/resolve needs `transfers`, a secret key and a linked wallet. */
const ENDPOINTS: [string, RouteHandler, { method: string; json?: unknown; params?: Record<string, string> }][] = [
  ["GET balance", balanceGet, { method: "GET" }],
  ["POST initiate", initiatePost, { method: "POST", json: bankBody() }],
  ["GET list", listGet, { method: "GET" }],
  ["GET one", getOne, { method: "GET", params: { reference: "TRF_UNKNOWN" } }],
  ["GET verify", verifyGet, { method: "GET", params: { reference: "TRF_UNKNOWN" } }],
];

describe.each(ENDPOINTS)("%s: key requirements", (_name, handler, opts) => {
  it("PERMISSION_DENIED without the transfers permission", async () => {
    const k = await makeKey({ config: { permissions: ["checkout"] } });
    const r = await call(handler, { ...opts, key: k.secretKey });
    expect(r.status).toBe(403);
    expect(r.body.error!.code).toBe("PERMISSION_DENIED");
  });

  it("WALLET_NOT_LINKED when no wallet is linked to the key", async () => {
    const k = await makeKey({ config: { linkWallet: false } });
    const r = await call(handler, { ...opts, key: k.secretKey });
    expect(r.status).toBe(403);
    expect(r.body.error!.code).toBe("WALLET_NOT_LINKED");
  });

  it("SECRET_KEY_REQUIRED with a public key", async () => {
    const r = await call(handler, { ...opts, key: key.publicKey });
    expect(r.status).toBe(403);
    expect(r.body.error!.code).toBe("SECRET_KEY_REQUIRED");
  });
});
