import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as deactivatePost } from "@/app/v1/checkout/dynamic-payid/[id]/deactivate/route";
import { DELETE as oneDelete, GET as oneGet } from "@/app/v1/checkout/dynamic-payid/[id]/route";
import { GET as listGet, POST as createPost } from "@/app/v1/checkout/dynamic-payid/route";
import { POST as sandboxPay } from "@/app/v1/sandbox/payments/route";
import { getDb } from "@/db/client";
import { dynamicPayIds, payIds } from "@/db/schema";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import type { DynamicPayIdListItem, DynamicPayIdView } from "./dynamic-payid-view";
import { createDynamicPayId, retireDynamicPayId } from "./dynamic-payids";

type TestKey = Awaited<ReturnType<typeof makeKey>>;

const DYNAMIC_FIELDS = [
  "allow_multiple_payments",
  "amount",
  "amount_validation",
  "business_id",
  "completed_at",
  "created_at",
  "creator_pay_id_id",
  "creator_type",
  "deactivated_at",
  "expires_at",
  "full_pay_id",
  "id",
  "name",
  "settlement_pay_id_id",
  "slug",
  "source",
  "status",
  "suffix",
].sort();

const key = (opts: Parameters<typeof makeKey>[0] = {}) => makeKey({ ...opts, config: { rateLimit: 10_000, ...opts.config } });

const create = (k: TestKey | string, json: Record<string, unknown> = {}) =>
  call<DynamicPayIdView>(createPost, { method: "POST", path: "/v1/checkout/dynamic-payid", key: typeof k === "string" ? k : k.secretKey, json });

async function createOk(k: TestKey, json: Record<string, unknown> = {}): Promise<DynamicPayIdView> {
  const r = await create(k, json);
  expect(r.status, r.text).toBe(200);
  return r.body.data!;
}

const getOne = (k: TestKey | string, id: string) =>
  call<DynamicPayIdView>(oneGet, { path: `/v1/checkout/dynamic-payid/${id}`, key: typeof k === "string" ? k : k.secretKey, params: { id } });

function list(k: TestKey, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([a, b]) => [a, String(b)])).toString();
  return call<{ items: DynamicPayIdListItem[]; total: number; page: number; page_size: number; total_pages: number }>(listGet, {
    path: `/v1/checkout/dynamic-payid${qs ? `?${qs}` : ""}`,
    key: k.secretKey,
  });
}
const listIds = async (k: TestKey, query: Record<string, string | number> = {}) => (await list(k, query)).body.data!.items.map((i) => i.id);

const del = (k: TestKey, id: string) =>
  call<{ success: boolean; message: string }>(oneDelete, { method: "DELETE", path: `/v1/checkout/dynamic-payid/${id}`, key: k.secretKey, params: { id } });
const deactivate = (k: TestKey, id: string) =>
  call<{ success: boolean; message: string }>(deactivatePost, {
    method: "POST",
    path: `/v1/checkout/dynamic-payid/${id}/deactivate`,
    key: k.secretKey,
    params: { id },
  });

/** Moves a dynamic PayID's expiry into the past, as time passing (or /v1/sandbox/expire) would. */
async function makeDue(id: string, changes: Partial<typeof dynamicPayIds.$inferInsert> = {}) {
  await (
    await getDb()
  )
    .update(dynamicPayIds)
    .set({ expiresAt: new Date(Date.now() - 1000), ...changes })
    .where(eq(dynamicPayIds.id, id));
}

describe("POST /v1/checkout/dynamic-payid", () => {
  it("with an empty body: any amount, A4, single payment, 1440 minutes, a name after the account; slug.dypid created by the wallet PayID", async () => {
    const m = await makeMerchant({ name: `Mama Put ${Math.random().toString(36).slice(2, 8)}` });
    const k = await key({ merchantId: m.merchant.id });
    const before = Date.now();
    const v = await createOk(k);
    expect(Object.keys(v).sort()).toEqual(DYNAMIC_FIELDS);
    expect(v).toMatchObject({
      suffix: ".dypid",
      full_pay_id: `${v.slug}.dypid`,
      amount: null,
      amount_validation: "A4",
      allow_multiple_payments: false,
      status: "active",
      source: "api",
      creator_type: "business",
      business_id: m.merchant.id,
      deactivated_at: null,
      completed_at: null,
    });
    expect(v.slug).toMatch(/^[a-z0-9]{4,16}$/);
    expect(v.name).toContain(m.merchant.name);
    const expires = Date.parse(v.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 1440 * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 1440 * 60_000 + 1000);

    const db = await getDb();
    const wallet = await getWalletPayId(db, { merchantId: m.merchant.id, mode: "test" });
    expect(v.creator_pay_id_id).toBe(wallet!.id);
    expect(v.settlement_pay_id_id).toBe(wallet!.id);
    const [row] = await db.select().from(dynamicPayIds).where(eq(dynamicPayIds.id, v.id));
    expect(row!.keyPairId).toBe(k.keyPair.id);
    const [handle] = await db.select().from(payIds).where(eq(payIds.id, row!.payIdId));
    expect(handle).toMatchObject({ kind: "dynamic", payId: v.full_pay_id, suffix: ".dypid", mode: "test" });
  });

  it("takes amount in naira and answers it with two decimals; stores kobo", async () => {
    const k = await key();
    const v = await createOk(k, {
      amount: 1500.5,
      amount_validation: "A0",
      allow_multiple_payments: true,
      expires_in_minutes: 30,
      name: "Invoice 42",
      metadata: { order: 42 },
    });
    expect(v).toMatchObject({ amount: "1500.50", amount_validation: "A0", allow_multiple_payments: true, name: "Invoice 42" });
    expect(Date.parse(v.expires_at) - Date.parse(v.created_at)).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(v.expires_at) - Date.parse(v.created_at)).toBeLessThan(31 * 60_000);
    const [row] = await (await getDb()).select().from(dynamicPayIds).where(eq(dynamicPayIds.id, v.id));
    expect(row!.amount).toBe(150_050);
    expect(row!.metadata).toEqual({ order: 42 });
    expect((await createOk(k, { amount: 2000 })).amount).toBe("2000.00");
    expect((await createOk(k, { amount: 0.1 })).amount).toBe("0.10");
  });

  it.each(["A0", "A1", "A2", "A3", "A4", "A5"])("accepts amount_validation %s", async (rule) => {
    const k = await key();
    expect((await createOk(k, { amount: 100, amount_validation: rule })).amount_validation).toBe(rule);
  });

  it("a personal account may create one (creator_type personal)", async () => {
    const m = await makeMerchant({ type: "personal" });
    const k = await key({ merchantId: m.merchant.id });
    expect((await createOk(k)).creator_type).toBe("personal");
  });

  it("expires_in_minutes may be 4320 at most", async () => {
    const k = await key();
    const v = await createOk(k, { expires_in_minutes: 4320 });
    expect(Date.parse(v.expires_at) - Date.parse(v.created_at)).toBeGreaterThan(4319 * 60_000);
    const r = await create(k, { expires_in_minutes: 4321 });
    expect(r.status).toBe(400);
    expect(r.body.error!.details).toContain("expires_in_minutes must be at most 4320");
  });

  it.each([
    ["amount 0", { amount: 0 }, "amount must be greater than 0"],
    ["a negative amount", { amount: -5 }, "amount must be greater than 0"],
    ["an amount with three decimals", { amount: 10.005 }, "amount must have at most two decimal places"],
    ["amount as text", { amount: "abc" }, "amount must be a number of naira"],
    ["amount_validation A6", { amount_validation: "A6" }, "amount_validation must be one of A0, A1, A2, A3, A4, A5"],
    ["allow_multiple_payments as text", { allow_multiple_payments: "yes" }, "allow_multiple_payments must be a boolean"],
    ["expires_in_minutes 0", { expires_in_minutes: 0 }, "expires_in_minutes must be at least 1"],
    ["expires_in_minutes 1.5", { expires_in_minutes: 1.5 }, "expires_in_minutes must be an integer"],
    ["a name of 256 characters", { name: "n".repeat(256) }, "name must be at most 255 characters"],
    ["metadata as a list", { metadata: [1, 2] }, "metadata must be an object"],
  ])("400 on %s", async (_case, json, detail) => {
    const k = await key();
    const r = await create(k, json);
    expect(r.status, r.text).toBe(400);
    expect(r.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Validation error" });
    expect(r.body.error!.details).toContain(detail);
  });

  it("a name of 255 characters is accepted", async () => {
    const k = await key();
    expect((await createOk(k, { name: "n".repeat(255) })).name).toHaveLength(255);
  });

  it("slugs differ from one dynamic PayID to the next", async () => {
    const k = await key();
    const slugs = await Promise.all(Array.from({ length: 10 }, async () => (await createOk(k)).slug));
    expect(new Set(slugs).size).toBe(10);
  });
});

describe("who may call", () => {
  it("a key without virtual_payid gets 403 PERMISSION_DENIED", async () => {
    const k = await key({ config: { permissions: ["checkout"] } });
    for (const r of [await create(k), await list(k), await getOne(k, "0190a0b0-0000-7000-8000-000000000000")]) {
      expect(r.status).toBe(403);
      expect(r.body.error).toMatchObject({ code: "PERMISSION_DENIED", message: "This API key lacks the virtual_payid permission." });
    }
  });

  it("a public key gets 403 SECRET_KEY_REQUIRED", async () => {
    const k = await key();
    const r = await create(k.publicKey);
    expect(r.status).toBe(403);
    expect(r.body.error!.code).toBe("SECRET_KEY_REQUIRED");
  });
});

describe("GET /v1/checkout/dynamic-payid/:id", () => {
  it("answers the same object as create", async () => {
    const k = await key();
    const v = await createOk(k, { amount: 250 });
    const r = await getOne(k, v.id);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual(v);
  });

  it("404 NOT_FOUND for another merchant's, the other mode's, an unknown UUID or a malformed id", async () => {
    const k = await key();
    const v = await createOk(k);
    const other = await key();
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    for (const [who, id] of [
      [other, v.id],
      [live, v.id],
      [k, "0190a0b0-0000-7000-8000-000000000000"],
      [k, "12345"],
    ] as const) {
      const r = await getOne(who, id);
      expect(r.status, r.text).toBe(404);
      expect(r.body.error!.code).toBe("NOT_FOUND");
    }
  });

  it("past expires_at it answers expired (status updated before returning)", async () => {
    const k = await key();
    const v = await createOk(k);
    await makeDue(v.id);
    expect((await getOne(k, v.id)).body.data!.status).toBe("expired");
    const [row] = await (await getDb()).select().from(dynamicPayIds).where(eq(dynamicPayIds.id, v.id));
    expect(row!.status).toBe("expired");
  });

  it("with allow_multiple_payments and a payment taken, expiry makes it completed with completed_at", async () => {
    const k = await key();
    const v = await createOk(k, { allow_multiple_payments: true });
    await makeDue(v.id, { paymentCount: 1, amountReceived: 10_000 });
    const got = (await getOne(k, v.id)).body.data!;
    expect(got.status).toBe("completed");
    expect(got.completed_at).not.toBeNull();
  });
});

describe("GET /v1/checkout/dynamic-payid (list)", () => {
  it("pages newest first; items carry only id, full_pay_id, name, amount, status, expires_at, created_at", async () => {
    const k = await key();
    const a = await createOk(k, { name: "A" });
    const b = await createOk(k, { name: "B", amount: 99.9 });
    const c = await createOk(k, { name: "C" });
    const p1 = await list(k, { page_size: 2 });
    expect(p1.status, p1.text).toBe(200);
    expect(p1.body.data).toMatchObject({ total: 3, page: 1, page_size: 2, total_pages: 2 });
    expect(p1.body.data!.items.map((i) => i.id)).toEqual([c.id, b.id]);
    expect(p1.body.data!.items[1]).toEqual({
      id: b.id,
      full_pay_id: b.full_pay_id,
      name: "B",
      amount: "99.90",
      status: "active",
      expires_at: b.expires_at,
      created_at: b.created_at,
    });
    expect(await listIds(k, { page: 2, page_size: 2 })).toEqual([a.id]);
    expect((await list(k, { page_size: 101 })).status).toBe(400);
    expect((await list(k)).body.data!.page_size).toBe(20);
  });

  it("filters by status, with expiry applied first; an unknown status is a 400", async () => {
    const k = await key();
    const active = await createOk(k);
    const due = await createOk(k);
    const gone = await createOk(k);
    await del(k, gone.id);
    await makeDue(due.id);
    expect(await listIds(k, { status: "active" })).toEqual([active.id]);
    expect(await listIds(k, { status: "expired" })).toEqual([due.id]);
    expect(await listIds(k, { status: "deactivated" })).toEqual([gone.id]);
    expect(await listIds(k, { status: "completed" })).toEqual([]);
    const bad = await list(k, { status: "pending" });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.details).toContain("status must be one of active, completed, expired, deactivated");
  });

  it("search by slug, full PayID (with or without @) or name; other merchants' and modes' never listed", async () => {
    const k = await key();
    const x = await createOk(k, { name: "School fees" });
    const y = await createOk(k, { name: "Rent" });
    const other = await key();
    await createOk(other, { name: "School fees" });
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    await createOk(live, { name: "School fees" });
    expect(await listIds(k, { search: "school" })).toEqual([x.id]);
    expect(await listIds(k, { search: y.slug })).toEqual([y.id]);
    expect(await listIds(k, { search: y.full_pay_id })).toEqual([y.id]);
    expect(await listIds(k, { search: `@${y.full_pay_id.toUpperCase()}` })).toEqual([y.id]);
    expect(await listIds(k, { search: "nothing like it" })).toEqual([]);
    expect((await list(k)).body.data!.total).toBe(2);
  });
});

describe("DELETE and POST …/deactivate", () => {
  it("an active dynamic PayID becomes deactivated with deactivated_at; answers success and a message", async () => {
    const k = await key();
    const v = await createOk(k);
    const r = await del(k, v.id);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ success: true, message: expect.any(String) });
    const got = (await getOne(k, v.id)).body.data!;
    expect(got.status).toBe("deactivated");
    expect(got.deactivated_at).not.toBeNull();
    const [handle] = await (await getDb()).select().from(payIds).where(eq(payIds.payId, v.full_pay_id));
    expect(handle!.isActive).toBe(false);
  });

  it("POST …/deactivate is the same as DELETE (SDK alias)", async () => {
    const k = await key();
    const v = await createOk(k);
    const r = await deactivate(k, v.id);
    expect(r.status, r.text).toBe(200);
    expect((await getOne(k, v.id)).body.data!.status).toBe("deactivated");
  });

  it("400 INVALID_STATE when it is not active: already deactivated, or expired (expiry applied first)", async () => {
    const k = await key();
    const v = await createOk(k);
    await del(k, v.id);
    const again = await deactivate(k, v.id);
    expect(again.status, again.text).toBe(400);
    expect(again.body.error!.code).toBe("INVALID_STATE");

    const due = await createOk(k);
    await makeDue(due.id);
    const r = await del(k, due.id);
    expect(r.status).toBe(400);
    expect(r.body.error!.code).toBe("INVALID_STATE");
    const got = (await getOne(k, due.id)).body.data!;
    expect(got.status).toBe("expired");
    expect(got.deactivated_at).toBeNull();
  });

  it("404 for another merchant's or mode's; it stays active", async () => {
    const k = await key();
    const v = await createOk(k);
    const other = await key();
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    for (const r of [await del(other, v.id), await deactivate(live, v.id), await del(k, "nope")]) {
      expect(r.status).toBe(404);
      expect(r.body.error!.code).toBe("NOT_FOUND");
    }
    expect((await getOne(k, v.id)).body.data!.status).toBe("active");
  });
});

describe("createDynamicPayId and retireDynamicPayId (used by checkout sessions)", () => {
  it("creates for a session with no key pair, named as asked; retire deactivates once and leaves other states alone", async () => {
    const m = await makeMerchant();
    const db = await getDb();
    const wallet = await getWalletPayId(db, { merchantId: m.merchant.id, mode: "live" });
    const sessionId = "0190a0b0-0000-7000-8000-00000000abcd";
    const created = await db.transaction((tx) =>
      createDynamicPayId(tx, {
        merchantId: m.merchant.id,
        mode: "live",
        keyPairId: null,
        settlementPayIdId: wallet!.id,
        amount: 500_000,
        amountValidation: "A0",
        allowMultiplePayments: false,
        expiresAt: new Date(Date.now() + 30 * 60_000),
        source: "checkout",
        sessionId,
      }),
    );
    expect(created).toMatchObject({ mode: "live", keyPairId: null, sessionId, source: "checkout", status: "active", amount: 500_000 });
    expect(created.fullPayId).toBe(`${created.slug}.dypid`);
    expect(created.creatorPayIdId).toBe(wallet!.id);
    expect(created.name).toContain(m.merchant.name);

    await retireDynamicPayId(db, created.id);
    const [after] = await db.select().from(dynamicPayIds).where(eq(dynamicPayIds.id, created.id));
    expect(after!.status).toBe("deactivated");
    expect(after!.deactivatedAt).not.toBeNull();

    await db.update(dynamicPayIds).set({ status: "completed", deactivatedAt: null }).where(eq(dynamicPayIds.id, created.id));
    await retireDynamicPayId(db, created.id);
    const [still] = await db.select().from(dynamicPayIds).where(eq(dynamicPayIds.id, created.id));
    expect(still).toMatchObject({ status: "completed", deactivatedAt: null });
  });
});

describe("payments follow the status (sandbox payments to the PayID)", () => {
  const pay = (k: TestKey, payId: string, amount: number) =>
    call(sandboxPay, { method: "POST", path: "/v1/sandbox/payments", key: k.secretKey, json: { pay_id: payId, amount } });

  it("a deactivated dynamic PayID refuses payments (DESTINATION_CLOSED)", async () => {
    const k = await key();
    const v = await createOk(k);
    await del(k, v.id);
    const r = await pay(k, v.full_pay_id, 10_000);
    expect(r.status, r.text).toBe(400);
    expect(r.body.error!.code).toBe("DESTINATION_CLOSED");
  });

  it("the default rule A4 takes the amount or more: less is refused, the amount completes it (single payment)", async () => {
    const k = await key();
    const v = await createOk(k, { amount: 1000 });
    const less = await pay(k, v.full_pay_id, 99_999);
    expect(less.status, less.text).toBe(400);
    expect(less.body.error!.code).toBe("AMOUNT_REJECTED");
    const exact = await pay(k, v.full_pay_id, 100_000);
    expect(exact.status, exact.text).toBe(200);
    const got = (await getOne(k, v.id)).body.data!;
    expect(got.status).toBe("completed");
    expect(got.completed_at).not.toBeNull();
  });
});
