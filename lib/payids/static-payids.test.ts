import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as deactivatePost } from "@/app/v1/checkout/static-payid/[id]/deactivate/route";
import { POST as reactivatePost } from "@/app/v1/checkout/static-payid/[id]/reactivate/route";
import { DELETE as oneDelete, GET as oneGet, PUT as onePut } from "@/app/v1/checkout/static-payid/[id]/route";
import { GET as listGet, POST as createPost } from "@/app/v1/checkout/static-payid/route";
import { POST as sandboxPay } from "@/app/v1/sandbox/payments/route";
import { getDb } from "@/db/client";
import { apiKeyPairs, payIds } from "@/db/schema";
import { randomBase62 } from "@/lib/ids";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import type { StaticPayIdListItem, StaticPayIdView } from "./static-payid-view";

type TestKey = Awaited<ReturnType<typeof makeKey>>;

const STATIC_FIELDS = [
  "api_key_id",
  "business_id",
  "created_at",
  "description",
  "id",
  "is_active",
  "name",
  "pay_id",
  "pay_id_id",
  "settlement_pay_id_id",
  "source",
  "suffix",
  "updated_at",
].sort();

/** A handle nobody else in the run has (PayIDs are unique per mode across merchants). */
const handle = (prefix = "shop") => `${prefix}_${randomBase62(8).toLowerCase()}`.slice(0, 20);

const key = (opts: Parameters<typeof makeKey>[0] = {}) => makeKey({ ...opts, config: { rateLimit: 10_000, ...opts.config } });

function create(k: TestKey | string, json: Record<string, unknown>) {
  return call<StaticPayIdView>(createPost, { method: "POST", path: "/v1/checkout/static-payid", key: typeof k === "string" ? k : k.secretKey, json });
}

async function createOk(k: TestKey, overrides: Record<string, unknown> = {}): Promise<StaticPayIdView> {
  const r = await create(k, { pay_id: handle(), suffix: ".spid", name: "Main till", ...overrides });
  expect(r.status, r.text).toBe(200);
  return r.body.data!;
}

const getOne = (k: TestKey | string, id: string) =>
  call<StaticPayIdView>(oneGet, { path: `/v1/checkout/static-payid/${id}`, key: typeof k === "string" ? k : k.secretKey, params: { id } });

function list(k: TestKey, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([a, b]) => [a, String(b)])).toString();
  return call<{ items: StaticPayIdListItem[]; total: number; page: number; page_size: number; total_pages: number }>(listGet, {
    path: `/v1/checkout/static-payid${qs ? `?${qs}` : ""}`,
    key: k.secretKey,
  });
}

const put = (k: TestKey, id: string, json: Record<string, unknown>) =>
  call<StaticPayIdView>(onePut, { method: "PUT", path: `/v1/checkout/static-payid/${id}`, key: k.secretKey, params: { id }, json });
const del = (k: TestKey, id: string) =>
  call<{ success: boolean; message: string }>(oneDelete, { method: "DELETE", path: `/v1/checkout/static-payid/${id}`, key: k.secretKey, params: { id } });
const deactivate = (k: TestKey, id: string) =>
  call<{ success: boolean; message: string }>(deactivatePost, {
    method: "POST",
    path: `/v1/checkout/static-payid/${id}/deactivate`,
    key: k.secretKey,
    params: { id },
  });
const reactivate = (k: TestKey, id: string) =>
  call<{ success: boolean; message: string }>(reactivatePost, {
    method: "POST",
    path: `/v1/checkout/static-payid/${id}/reactivate`,
    key: k.secretKey,
    params: { id },
  });

describe("POST /v1/checkout/static-payid", () => {
  it("creates the full Static PayID: pay_id is handle + suffix, owned by the business and the key pair, settling to the key's settlement PayID", async () => {
    const k = await key();
    const h = handle();
    const r = await create(k, { pay_id: h, suffix: ".spid", name: "Lekki branch", description: "Front desk" });
    expect(r.status, r.text).toBe(200);
    const v = r.body.data!;
    expect(Object.keys(v).sort()).toEqual(STATIC_FIELDS);
    expect(v).toMatchObject({
      pay_id: `${h}.spid`,
      suffix: ".spid",
      business_id: k.merchantId,
      api_key_id: k.keyPair.id,
      name: "Lekki branch",
      description: "Front desk",
      source: "api",
      is_active: true,
    });
    const db = await getDb();
    const [pair] = await db.select().from(apiKeyPairs).where(eq(apiKeyPairs.id, k.keyPair.id));
    const wallet = await getWalletPayId(db, { merchantId: k.merchantId, mode: "test" });
    expect(v.settlement_pay_id_id).toBe(pair!.settlementPayIdId);
    expect(v.settlement_pay_id_id).toBe(wallet!.id);
    const [handleRow] = await db.select().from(payIds).where(eq(payIds.id, v.pay_id_id));
    expect(handleRow).toMatchObject({ kind: "static", payId: `${h}.spid`, suffix: ".spid", mode: "test", merchantId: k.merchantId, isActive: true });
    expect(Date.parse(v.created_at)).not.toBeNaN();
  });

  it("accepts the .checkout suffix, and description may be left out (null)", async () => {
    const k = await key();
    const h = handle();
    const v = await createOk(k, { pay_id: h, suffix: ".checkout" });
    expect(v.pay_id).toBe(`${h}.checkout`);
    expect(v.suffix).toBe(".checkout");
    expect(v.description).toBeNull();
  });

  it("lower-cases the PayID (payers type it in any case)", async () => {
    const k = await key();
    const h = handle("Mixed");
    const v = await createOk(k, { pay_id: h });
    expect(v.pay_id).toBe(`${h.toLowerCase()}.spid`);
  });

  it("pay_id limits: 3 and 20 characters with letters, digits, dots and underscores are accepted", async () => {
    const k = await key();
    const three = randomBase62(3).toLowerCase();
    const twenty = `a.b_${randomBase62(16)}`;
    expect((await create(k, { pay_id: three, suffix: ".spid", name: "x" })).status).toBe(200);
    expect((await create(k, { pay_id: twenty, suffix: ".checkout", name: "x" })).status).toBe(200);
  });

  it.each([
    ["pay_id missing", { pay_id: undefined }, "pay_id is required"],
    ["pay_id of 2 characters", { pay_id: "ab" }, "pay_id must be 3 to 20"],
    ["pay_id of 21 characters", { pay_id: "a".repeat(21) }, "pay_id must be 3 to 20"],
    ["pay_id with a hyphen", { pay_id: "my-shop" }, "pay_id must be 3 to 20"],
    ["pay_id with a space", { pay_id: "my shop" }, "pay_id must be 3 to 20"],
    ["pay_id with an @", { pay_id: "@myshop" }, "pay_id must be 3 to 20"],
    ["pay_id not a string", { pay_id: 12345 }, "pay_id must be a string"],
    ["suffix missing", { suffix: undefined }, "suffix is required"],
    ["suffix .dypid", { suffix: ".dypid" }, "suffix must be one of .spid, .checkout"],
    ["name missing", { name: undefined }, "name is required"],
    ["name of 256 characters", { name: "n".repeat(256) }, "name must be at most 255 characters"],
    ["description of 2001 characters", { description: "d".repeat(2001) }, "description must be at most 2000 characters"],
  ])("400 on %s", async (_case, change, detail) => {
    const k = await key();
    const r = await create(k, { pay_id: handle(), suffix: ".spid", name: "Till", ...change });
    expect(r.status, r.text).toBe(400);
    expect(r.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Validation error" });
    expect(r.body.error!.details!.join(" | ")).toContain(detail);
  });

  it("name of 255 and description of 2000 characters are accepted", async () => {
    const k = await key();
    const v = await createOk(k, { name: "n".repeat(255), description: "d".repeat(2000) });
    expect(v.name).toHaveLength(255);
    expect(v.description).toHaveLength(2000);
  });

  it("409 PAY_ID_TAKEN for a PayID already used in the mode: by the same merchant, by another, or differing only in case", async () => {
    const k = await key();
    const h = handle();
    await createOk(k, { pay_id: h });
    const again = await create(k, { pay_id: h, suffix: ".spid", name: "again" });
    expect(again.status, again.text).toBe(409);
    expect(again.body.error!.code).toBe("PAY_ID_TAKEN");
    const other = await key();
    const upper = await create(other, { pay_id: h.toUpperCase(), suffix: ".spid", name: "theirs" });
    expect(upper.status).toBe(409);
    expect(upper.body.error!.code).toBe("PAY_ID_TAKEN");
  });

  it("the same handle with the other suffix, or in the other mode, is a different PayID", async () => {
    const k = await key();
    const h = handle();
    await createOk(k, { pay_id: h, suffix: ".spid" });
    await createOk(k, { pay_id: h, suffix: ".checkout" });
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    const v = await createOk(live, { pay_id: h, suffix: ".spid" });
    expect(v.pay_id).toBe(`${h}.spid`);
  });

  it("two concurrent creates of one PayID: one 200, one 409", async () => {
    const [a, b] = await Promise.all([key(), key()]);
    const h = handle();
    const results = await Promise.all([a, b].map((k) => create(k, { pay_id: h, suffix: ".spid", name: "race" })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe("who may call", () => {
  it("a personal account's key gets 403 BUSINESS_ACCOUNT_REQUIRED on every static PayID endpoint", async () => {
    const personal = await makeMerchant({ type: "personal" });
    const k = await key({ merchantId: personal.merchant.id });
    const id = "0190a0b0-0000-7000-8000-000000000000";
    const answers = await Promise.all([
      create(k, { pay_id: handle(), suffix: ".spid", name: "x" }),
      list(k),
      getOne(k, id),
      put(k, id, { name: "y" }),
      del(k, id),
      deactivate(k, id),
      reactivate(k, id),
    ]);
    for (const r of answers) {
      expect(r.status, r.text).toBe(403);
      expect(r.body.error!.code).toBe("BUSINESS_ACCOUNT_REQUIRED");
    }
  });

  it("a personal key is refused even with an invalid body (403 before validation)", async () => {
    const personal = await makeMerchant({ type: "personal" });
    const k = await key({ merchantId: personal.merchant.id });
    const r = await create(k, {});
    expect(r.status).toBe(403);
    expect(r.body.error!.code).toBe("BUSINESS_ACCOUNT_REQUIRED");
  });

  it("a key without virtual_payid gets 403 PERMISSION_DENIED", async () => {
    const k = await key({ config: { permissions: ["checkout", "transfers"] } });
    const r = await create(k, { pay_id: handle(), suffix: ".spid", name: "x" });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: "PERMISSION_DENIED", message: "This API key lacks the virtual_payid permission." });
    expect((await list(k)).body.error!.code).toBe("PERMISSION_DENIED");
  });

  it("a public key gets 403 SECRET_KEY_REQUIRED", async () => {
    const k = await key();
    const r = await create(k.publicKey, { pay_id: handle(), suffix: ".spid", name: "x" });
    expect(r.status).toBe(403);
    expect(r.body.error!.code).toBe("SECRET_KEY_REQUIRED");
    expect((await getOne(k.publicKey, "0190a0b0-0000-7000-8000-000000000000")).body.error!.code).toBe("SECRET_KEY_REQUIRED");
  });
});

describe("GET /v1/checkout/static-payid/:id", () => {
  it("answers the same full object as create", async () => {
    const k = await key();
    const created = await createOk(k, { description: "desc" });
    const r = await getOne(k, created.id);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual(created);
  });

  it("404 NOT_FOUND for another merchant's, the other mode's, an unknown UUID and a malformed id", async () => {
    const k = await key();
    const created = await createOk(k);
    const other = await key();
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    for (const [who, id] of [
      [other, created.id],
      [live, created.id],
      [k, "0190a0b0-0000-7000-8000-000000000000"],
      [k, "not-a-uuid"],
    ] as const) {
      const r = await getOne(who, id);
      expect(r.status, r.text).toBe(404);
      expect(r.body.error!.code).toBe("NOT_FOUND");
    }
  });
});

describe("GET /v1/checkout/static-payid (list)", () => {
  it("pages newest first; items carry only id, pay_id, name, is_active, created_at", async () => {
    const k = await key();
    const a = await createOk(k, { name: "First" });
    const b = await createOk(k, { name: "Second" });
    const c = await createOk(k, { name: "Third" });
    const p1 = await list(k, { page_size: 2 });
    expect(p1.status, p1.text).toBe(200);
    expect(p1.body.data).toMatchObject({ total: 3, page: 1, page_size: 2, total_pages: 2 });
    expect(p1.body.data!.items.map((i) => i.id)).toEqual([c.id, b.id]);
    expect(Object.keys(p1.body.data!.items[0]!).sort()).toEqual(["created_at", "id", "is_active", "name", "pay_id"]);
    expect(p1.body.data!.items[0]).toEqual({ id: c.id, pay_id: c.pay_id, name: "Third", is_active: true, created_at: c.created_at });
    const p2 = await list(k, { page: 2, page_size: 2 });
    expect(p2.body.data!.items.map((i) => i.id)).toEqual([a.id]);
  });

  it("defaults to page 1 of 20; page_size above 100 or page 0 is a 400", async () => {
    const k = await key();
    const r = await list(k);
    expect(r.body.data).toMatchObject({ items: [], total: 0, page: 1, page_size: 20, total_pages: 0 });
    expect((await list(k, { page_size: 101 })).status).toBe(400);
    expect((await list(k, { page: 0 })).status).toBe(400);
    expect((await list(k, { page_size: 100 })).status).toBe(200);
  });

  it("search by name or by PayID (with or without the suffix); other merchants' and modes' never listed", async () => {
    const k = await key();
    const h = handle("ikeja");
    const byHandle = await createOk(k, { pay_id: h, name: "Ikeja store" });
    const byName = await createOk(k, { name: "Surulere kiosk" });
    const other = await key();
    await createOk(other, { name: "Surulere kiosk" });
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    await createOk(live, { name: "Surulere kiosk" });

    const ids = async (search: string) => (await list(k, { search })).body.data!.items.map((i) => i.id);
    expect(await ids("surulere")).toEqual([byName.id]);
    expect(await ids(h)).toEqual([byHandle.id]);
    expect(await ids(`${h}.spid`)).toEqual([byHandle.id]);
    expect(await ids(`@${h.toUpperCase()}`)).toEqual([byHandle.id]);
    expect(await ids("no such thing")).toEqual([]);
    expect((await list(k)).body.data!.total).toBe(2);
  });

  it("search treats % and _ literally", async () => {
    const k = await key();
    await createOk(k, { name: "Fifty" });
    const pct = await createOk(k, { name: "50% off" });
    expect((await list(k, { search: "%" })).body.data!.items.map((i) => i.id)).toEqual([pct.id]);
  });
});

describe("PUT /v1/checkout/static-payid/:id", () => {
  it("renames and describes; answers the full object, PayID unchanged", async () => {
    const k = await key();
    const created = await createOk(k, { description: "old" });
    const r = await put(k, created.id, { name: "New name", description: "New description" });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body.data!).sort()).toEqual(STATIC_FIELDS);
    expect(r.body.data).toMatchObject({ id: created.id, pay_id: created.pay_id, name: "New name", description: "New description" });
    expect(Date.parse(r.body.data!.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
    expect((await getOne(k, created.id)).body.data).toEqual(r.body.data);
  });

  it("changes only the fields sent; description null clears it; an empty body changes nothing", async () => {
    const k = await key();
    const created = await createOk(k, { name: "Keep", description: "Drop me" });
    expect((await put(k, created.id, { description: null })).body.data).toMatchObject({ name: "Keep", description: null });
    expect((await put(k, created.id, { name: "Kept" })).body.data).toMatchObject({ name: "Kept", description: null });
    expect((await put(k, created.id, {})).body.data).toMatchObject({ name: "Kept", description: null });
  });

  it("the same limits as create: name 255, description 2000, name not empty", async () => {
    const k = await key();
    const created = await createOk(k);
    expect((await put(k, created.id, { name: "n".repeat(256) })).status).toBe(400);
    expect((await put(k, created.id, { description: "d".repeat(2001) })).status).toBe(400);
    expect((await put(k, created.id, { name: "" })).status).toBe(400);
    expect((await put(k, created.id, { name: "n".repeat(255), description: "d".repeat(2000) })).status).toBe(200);
  });

  it("404 for another merchant's static PayID, which stays unchanged", async () => {
    const k = await key();
    const created = await createOk(k, { name: "Mine" });
    const other = await key();
    const r = await put(other, created.id, { name: "Theirs" });
    expect(r.status).toBe(404);
    expect(r.body.error!.code).toBe("NOT_FOUND");
    expect((await getOne(k, created.id)).body.data!.name).toBe("Mine");
  });
});

describe("DELETE, POST …/deactivate and POST …/reactivate", () => {
  const handleActive = async (payIdId: string) => {
    const [row] = await (await getDb()).select().from(payIds).where(eq(payIds.id, payIdId));
    return row!.isActive;
  };

  it("DELETE sets is_active false (the PayID stops taking payments) and answers success and a message", async () => {
    const k = await key();
    const created = await createOk(k);
    const r = await del(k, created.id);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ success: true, message: expect.any(String) });
    expect((await getOne(k, created.id)).body.data!.is_active).toBe(false);
    expect(await handleActive(created.pay_id_id)).toBe(false);
    expect((await list(k)).body.data!.items[0]!.is_active).toBe(false);
  });

  it("POST …/deactivate is the same as DELETE (SDK alias)", async () => {
    const k = await key();
    const created = await createOk(k);
    const r = await deactivate(k, created.id);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data!.success).toBe(true);
    expect((await getOne(k, created.id)).body.data!.is_active).toBe(false);
  });

  it("POST …/reactivate sets is_active true again; repeating either is harmless", async () => {
    const k = await key();
    const created = await createOk(k);
    await del(k, created.id);
    expect((await del(k, created.id)).status).toBe(200);
    const r = await reactivate(k, created.id);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ success: true, message: expect.any(String) });
    expect((await getOne(k, created.id)).body.data!.is_active).toBe(true);
    expect(await handleActive(created.pay_id_id)).toBe(true);
    expect((await reactivate(k, created.id)).status).toBe(200);
  });

  it("404 for another merchant's or mode's static PayID, or a malformed id; nothing changes", async () => {
    const k = await key();
    const created = await createOk(k);
    const other = await key();
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    for (const r of [await del(other, created.id), await deactivate(live, created.id), await reactivate(other, created.id), await del(k, "x")]) {
      expect(r.status, r.text).toBe(404);
      expect(r.body.error!.code).toBe("NOT_FOUND");
    }
    expect((await getOne(k, created.id)).body.data!.is_active).toBe(true);
  });
});

describe("payments follow is_active (sandbox payments to the PayID)", () => {
  const pay = (k: TestKey, payId: string) =>
    call(sandboxPay, { method: "POST", path: "/v1/sandbox/payments", key: k.secretKey, json: { pay_id: payId, amount: 50_000 } });

  it("an active static PayID takes payments; deactivated it refuses them (DESTINATION_CLOSED); reactivated it takes them again", async () => {
    const k = await key();
    const created = await createOk(k);
    const first = await pay(k, created.pay_id);
    expect(first.status, first.text).toBe(200);
    await del(k, created.id);
    const refused = await pay(k, `@${created.pay_id.toUpperCase()}`);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.error!.code).toBe("DESTINATION_CLOSED");
    await reactivate(k, created.id);
    expect((await pay(k, created.pay_id)).status).toBe(200);
  });
});
