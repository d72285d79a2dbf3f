import { beforeAll, describe, expect, it } from "vitest";
import { GET as getOne, POST as postOne } from "@/app/v1/checkout/virtual-account/[publicId]/route";
import { GET as listGet, POST as createPost } from "@/app/v1/checkout/virtual-account/route";
import { getDb } from "@/db/client";
import { virtualAccounts } from "@/db/schema";
import { isValidNuban } from "@/lib/bank/nuban";
import { PARTNER_BANKS } from "@/lib/bank/partner-banks";
import { eq } from "drizzle-orm";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import type { VirtualAccountView } from "./virtual-account-view";

const PATH = "/v1/checkout/virtual-account";
const FIELDS = [
  "account_name",
  "account_number",
  "amount",
  "bank_code",
  "bank_name",
  "completed_at",
  "created_at",
  "expires_at",
  "merchant_name",
  "provider",
  "public_id",
  "reference",
  "source",
  "status",
].sort();

type Page = { items: VirtualAccountView[]; total: number; page: number; page_size: number; total_pages: number };

let key: Awaited<ReturnType<typeof makeKey>>;
const MERCHANT_NAME = "Adaeze Fabrics Ltd";

const create = (json: unknown, secret = key.secretKey) => call<VirtualAccountView>(createPost, { method: "POST", path: PATH, key: secret, json });
const getByPublicId = (publicId: string, secret = key.secretKey) =>
  call<VirtualAccountView>(getOne, { path: `${PATH}/${publicId}`, key: secret, params: { publicId } });
const list = (query: string, secret = key.secretKey) => call<Page>(listGet, { path: `${PATH}?${query}`, key: secret });

async function createOk(json: Record<string, unknown> = { amount: "1500.00" }, secret?: string) {
  const res = await create(json, secret);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

beforeAll(async () => {
  const { merchant } = await makeMerchant({ name: MERCHANT_NAME });
  key = await makeKey({ merchantId: merchant.id, config: { rateLimit: 10_000 } });
});

describe("POST /v1/checkout/virtual-account: the Virtual account object (api.md)", () => {
  it("answers exactly api.md's fields: pending, a NUBAN at a partner bank, naira amount, the merchant's name", async () => {
    const before = Date.now();
    const va = await createOk({ amount: "1500.00" });
    expect(Object.keys(va).sort()).toEqual(FIELDS);
    expect(va.status).toBe("pending");
    expect(va.amount).toBe("1500.00");
    expect(va.account_name).toBe(MERCHANT_NAME);
    expect(va.merchant_name).toBe(va.account_name);
    expect(va.source).toBe("api");
    expect(va.completed_at).toBeNull();
    expect(va.reference).toMatch(/^VA_/);
    expect(va.public_id).toMatch(/^va_/);
    const partner = PARTNER_BANKS.find((b) => b.provider === va.provider)!;
    expect(partner).toBeDefined();
    expect(va.bank_name).toBe(partner.bankName);
    expect(va.bank_code).toBe(partner.bankCode);
    expect(va.account_number).toMatch(/^\d{10}$/);
    // Default validity 4320 minutes.
    const expiresIn = new Date(va.expires_at!).getTime() - before;
    expect(expiresIn).toBeGreaterThan(4320 * 60_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(4320 * 60_000 + 60_000);
  });

  it("NUBAN check digit is valid for the issuing bank on every issued number; numbers are unique", async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const va = await createOk({ amount: "100.00" });
      expect(isValidNuban(va.bank_code!, va.account_number!), `${va.bank_code} ${va.account_number}`).toBe(true);
      numbers.add(va.account_number!);
    }
    expect(numbers.size).toBe(12);
  });

  it("the bank differs between accounts: at least three distinct banks across several creations", async () => {
    const banks = new Set<string>();
    for (let i = 0; i < 6; i++) banks.add((await createOk({ amount: "250.00" })).bank_name);
    expect(banks.size).toBeGreaterThanOrEqual(3);
  });

  it("a numeric amount (SDK alias) means the same naira", async () => {
    expect((await createOk({ amount: 1500 })).amount).toBe("1500.00");
    expect((await createOk({ amount: 12.5 })).amount).toBe("12.50");
    expect((await createOk({ amount: "12.5" })).amount).toBe("12.50");
    const [row] = await (
      await getDb()
    )
      .select({ amount: virtualAccounts.amount })
      .from(virtualAccounts)
      .where(eq(virtualAccounts.publicId, (await createOk({ amount: 19.99 })).public_id));
    expect(row!.amount).toBe(1999);
  });

  it("validity_minutes sets expires_at; amount_validation is stored, else the bank's own default", async () => {
    const before = Date.now();
    const va = await createOk({ amount: "500", validity_minutes: 30, amount_validation: "A5" });
    const expiresIn = new Date(va.expires_at!).getTime() - before;
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(31 * 60_000);
    const db = await getDb();
    const [explicit] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.publicId, va.public_id));
    expect(explicit!.amountValidation).toBe("A5");
    for (let i = 0; i < PARTNER_BANKS.length; i++) {
      const d = await createOk({ amount: "500" });
      const [row] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.publicId, d.public_id));
      expect(row!.amountValidation).toBe(PARTNER_BANKS.find((b) => b.provider === d.provider)!.defaultAmountValidation);
    }
  });

  it("settles to the key's settlement PayID, records the key pair and the metadata", async () => {
    const va = await createOk({ amount: "10.00", metadata: { order: "A-17" } });
    const [row] = await (await getDb()).select().from(virtualAccounts).where(eq(virtualAccounts.publicId, va.public_id));
    expect(row!.settlementPayIdId).toBe(key.keyPair.settlementPayIdId);
    expect(row!.keyPairId).toBe(key.keyPair.id);
    expect(row!.metadata).toEqual({ order: "A-17" });
  });

  it('cancelled when the bank cannot issue (sandbox: metadata.sandbox_issue = "fail"): no account number', async () => {
    const va = await createOk({ amount: "1500.00", metadata: { sandbox_issue: "fail" } });
    expect(Object.keys(va).sort()).toEqual(FIELDS);
    expect(va.status).toBe("cancelled");
    expect(va.account_number).toBeNull();
    expect(va.bank_name).not.toBe("");
    const again = await getByPublicId(va.public_id);
    expect(again.body.data!.status).toBe("cancelled");
  });
});

describe("POST /v1/checkout/virtual-account: validation", () => {
  const CASES: [string, Record<string, unknown>, string][] = [
    ["amount missing", {}, "amount is required"],
    ["amount null", { amount: null }, "amount"],
    ["amount not a number", { amount: "abc" }, "amount"],
    ["amount with a comma", { amount: "1,500.00" }, "amount"],
    ["amount negative", { amount: "-5.00" }, "amount"],
    ["amount negative number", { amount: -5 }, "amount"],
    ["amount zero", { amount: "0.00" }, "amount must be greater than 0"],
    ["amount zero number", { amount: 0 }, "amount must be greater than 0"],
    ["amount with three decimals", { amount: "10.123" }, "amount must have at most two decimals"],
    ["numeric amount with three decimals", { amount: 10.123 }, "amount must have at most two decimals"],
    ["amount as a boolean", { amount: true }, "amount"],
    ["validity_minutes above 4320", { amount: "1", validity_minutes: 4321 }, "validity_minutes must be at most 4320"],
    ["validity_minutes zero", { amount: "1", validity_minutes: 0 }, "validity_minutes"],
    ["validity_minutes not an integer", { amount: "1", validity_minutes: 1.5 }, "validity_minutes"],
    ["validity_minutes a string", { amount: "1", validity_minutes: "60" }, "validity_minutes"],
    ["amount_validation unknown", { amount: "1", amount_validation: "A6" }, "amount_validation must be one of A0, A1, A2, A3, A4, A5"],
    ["amount_validation lower case", { amount: "1", amount_validation: "a0" }, "amount_validation"],
    ["metadata not an object", { amount: "1", metadata: "x" }, "metadata"],
  ];

  it.each(CASES)("%s → 400 Validation error naming the field", async (_name, json, detail) => {
    const { status, body } = await create(json);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error!.code).toBe("HTTP_ERROR");
    expect(body.error!.message).toBe("Validation error");
    expect(
      body.error!.details!.some((d) => d.includes(detail)),
      JSON.stringify(body.error!.details),
    ).toBe(true);
  });

  it("validity_minutes 4320 and every rule A0–A5 are accepted", async () => {
    await createOk({ amount: "1", validity_minutes: 4320 });
    for (const rule of ["A0", "A1", "A2", "A3", "A4", "A5"]) await createOk({ amount: "1", amount_validation: rule });
  });
});

describe("GET /v1/checkout/virtual-account/:publicId", () => {
  it("answers the account as created", async () => {
    const va = await createOk({ amount: "77.70" });
    const { status, body } = await getByPublicId(va.public_id);
    expect(status).toBe(200);
    expect(body.data).toEqual(va);
  });

  it("404 NOT_FOUND for an unknown id, another merchant's account, and the other mode's", async () => {
    const va = await createOk({ amount: "1.00" });
    const other = await makeKey({ config: { rateLimit: 1000 } });
    const live = await makeKey({ merchantId: key.merchantId, mode: "live", config: { rateLimit: 1000 } });
    for (const [publicId, secret] of [
      ["va_doesnotexist", key.secretKey],
      [va.public_id, other.secretKey],
      [va.public_id, live.secretKey],
    ] as const) {
      const { status, body } = await getByPublicId(publicId, secret);
      expect(status).toBe(404);
      expect(body.error!.code).toBe("NOT_FOUND");
    }
  });

  it("another key pair of the same merchant and mode sees it", async () => {
    const va = await createOk({ amount: "1.00" });
    const sibling = await makeKey({ merchantId: key.merchantId });
    expect((await getByPublicId(va.public_id, sibling.secretKey)).status).toBe(200);
  });

  it("a pending account past its expiry reads as expired (and stays so)", async () => {
    const va = await createOk({ amount: "5.00" });
    const db = await getDb();
    await db
      .update(virtualAccounts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(virtualAccounts.publicId, va.public_id));
    expect((await getByPublicId(va.public_id)).body.data!.status).toBe("expired");
    const [row] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.publicId, va.public_id));
    expect(row!.status).toBe("expired");
  });

  it("only GET: POST is 405", async () => {
    expect((await call(postOne, { method: "POST", path: `${PATH}/x`, key: key.secretKey, params: { publicId: "x" } })).status).toBe(405);
  });
});

describe("GET /v1/checkout/virtual-account: paged list", () => {
  let listKey: Awaited<ReturnType<typeof makeKey>>;
  const created: VirtualAccountView[] = [];

  beforeAll(async () => {
    listKey = await makeKey({ config: { rateLimit: 1000 } });
    for (let i = 0; i < 5; i++) created.push(await createOk({ amount: `${i + 1}.00` }, listKey.secretKey));
    created.push(await createOk({ amount: "9.00", metadata: { sandbox_issue: "fail" } }, listKey.secretKey));
    const lapsed = await createOk({ amount: "8.00" }, listKey.secretKey);
    created.push(lapsed);
    await (
      await getDb()
    )
      .update(virtualAccounts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(virtualAccounts.publicId, lapsed.public_id));
  });

  it("newest first with paging fields; page_size default 20", async () => {
    const { status, body } = await list("", listKey.secretKey);
    expect(status).toBe(200);
    expect(body.data!).toMatchObject({ total: 7, page: 1, page_size: 20, total_pages: 1 });
    expect(body.data!.items.map((i) => i.public_id)).toEqual([...created].reverse().map((c) => c.public_id));
    expect(Object.keys(body.data!.items[0]!).sort()).toEqual(FIELDS);
  });

  it("pages: page 2 of size 3", async () => {
    const { body } = await list("page=2&page_size=3", listKey.secretKey);
    expect(body.data!).toMatchObject({ total: 7, page: 2, page_size: 3, total_pages: 3 });
    expect(body.data!.items.map((i) => i.public_id)).toEqual(
      [...created]
        .reverse()
        .slice(3, 6)
        .map((c) => c.public_id),
    );
  });

  it("filters by status, counting a lapsed pending account as expired", async () => {
    const pending = await list("status=pending", listKey.secretKey);
    expect(pending.body.data!.total).toBe(5);
    expect(pending.body.data!.items.every((i) => i.status === "pending")).toBe(true);
    const cancelled = await list("status=cancelled", listKey.secretKey);
    expect(cancelled.body.data!.items.map((i) => i.public_id)).toEqual([created[5]!.public_id]);
    const expired = await list("status=expired", listKey.secretKey);
    expect(expired.body.data!.items.map((i) => [i.public_id, i.status])).toEqual([[created[6]!.public_id, "expired"]]);
    expect((await list("status=completed", listKey.secretKey)).body.data!.total).toBe(0);
  });

  it("never shows another merchant's accounts", async () => {
    const { body } = await list("page_size=100");
    const mine = new Set(created.map((c) => c.public_id));
    expect(body.data!.items.some((i) => mine.has(i.public_id))).toBe(false);
  });

  it.each([
    ["status=active", "status must be one of pending, completed, expired, cancelled"],
    ["page_size=101", "page_size must be at most 100"],
    ["page=0", "page must be at least 1"],
    ["page=x", "page"],
  ])("?%s → 400", async (query, detail) => {
    const { status, body } = await list(query, listKey.secretKey);
    expect(status).toBe(400);
    expect(
      body.error!.details!.some((d) => d.includes(detail)),
      JSON.stringify(body.error!.details),
    ).toBe(true);
  });
});

describe("virtual account endpoints: keys and permissions", () => {
  it("403 PERMISSION_DENIED without the virtual_account permission, on every endpoint", async () => {
    const k = await makeKey({ config: { permissions: ["checkout", "virtual_payid", "transfers"] } });
    for (const res of [await create({ amount: "1.00" }, k.secretKey), await list("", k.secretKey), await getByPublicId("va_x", k.secretKey)]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "PERMISSION_DENIED", message: "This API key lacks the virtual_account permission." });
    }
  });

  it("403 SECRET_KEY_REQUIRED with a public key, on every endpoint", async () => {
    for (const res of [await create({ amount: "1.00" }, key.publicKey), await list("", key.publicKey), await getByPublicId("va_x", key.publicKey)]) {
      expect(res.status).toBe(403);
      expect(res.body.error!.code).toBe("SECRET_KEY_REQUIRED");
    }
  });

  it("401 with an unknown key", async () => {
    const { status, body } = await create({ amount: "1.00" }, "sk_test_nope");
    expect(status).toBe(401);
    expect(body.error).toMatchObject({ code: "HTTP_ERROR", message: "Invalid API key" });
  });

  it("a live key issues a live account, invisible to the test key", async () => {
    const live = await makeKey({ merchantId: key.merchantId, mode: "live", config: { rateLimit: 1000 } });
    const va = await createOk({ amount: "3.00" }, live.secretKey);
    const [row] = await (await getDb()).select().from(virtualAccounts).where(eq(virtualAccounts.publicId, va.public_id));
    expect(row!.mode).toBe("live");
    expect((await getByPublicId(va.public_id)).status).toBe(404);
  });
});
