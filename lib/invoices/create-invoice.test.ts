import { and, asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as listGet, POST as createPost } from "@/app/v1/checkout/invoice/route";
import { getDb } from "@/db/client";
import { events, invoiceActivity, invoices } from "@/db/schema";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { call } from "@/tests/http";
import { createInvoiceOk, inDays, makeInvoiceKey as key, type TestKey } from "@/tests/invoices";
import { lagosDay } from "@/lib/lagos-day";
import { MAX_INVOICE_TOTAL } from "./invoice-input";
import type { InvoiceView } from "./invoice-view";

afterAll(() => afterCommitDeliveriesSettled());

const BODY = {
  customer_name: "Ada Obi",
  customer_email: "ada@example.com",
  line_items: [
    { description: "Design work", quantity: 2, unit_price: 500_000 },
    { description: "Hosting", quantity: 1, unit_price: 250_000 },
  ],
  tax_rate: 7.5,
  due_date: inDays(14),
};

/** Base fields of every invoice event payload (api.md "Invoice events"). */
const BASE_FIELDS = [
  "amount_paid",
  "currency",
  "customer_email",
  "customer_name",
  "due_date",
  "invoice_number",
  "issued_at",
  "merchant_reference",
  "metadata",
  "paid_at",
  "payment_url",
  "public_id",
  "status",
  "subtotal",
  "tax_amount",
  "tax_rate",
  "total",
].sort();

/** Supplement §6 Invoice object: the base fields plus these. */
const VIEW_FIELDS = [...BASE_FIELDS, "line_items", "paused", "allow_partial_payments", "due_date_action", "note", "amount_remaining", "created_at"].sort();

const create = (k: TestKey | string, json: unknown) =>
  call<InvoiceView>(createPost, { method: "POST", path: "/v1/checkout/invoice", key: typeof k === "string" ? k : k.secretKey, json });

const createOk = (k: TestKey, json: Record<string, unknown> = {}) => createInvoiceOk(k, { ...BODY, ...json });

/** The details of a 400 Validation error for this body. */
async function problems(json: unknown): Promise<string[]> {
  const r = await create(await sharedKey, json);
  expect(r.status, r.text).toBe(400);
  expect(r.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Validation error" });
  return r.body.error!.details!;
}
const sharedKey = key();

const keyEvents = async (k: TestKey) => (await getDb()).select().from(events).where(eq(events.keyPairId, k.keyPair.id)).orderBy(asc(events.seq));

const invoiceRow = async (publicId: string) => (await (await getDb()).select().from(invoices).where(eq(invoices.publicId, publicId)))[0]!;

describe("POST /v1/checkout/invoice: the Invoice object", () => {
  it("a new invoice is a draft with supplement §6's fields; totals computed on the server in kobo; payment_url is /i/<public_id>", async () => {
    const k = await key();
    const before = Date.now();
    const v = await createOk(k, { note: "Thanks", metadata: { order: 7 } });
    expect(Object.keys(v).sort()).toEqual(VIEW_FIELDS);
    expect(v).toMatchObject({
      status: "draft",
      invoice_number: "INV-000001",
      customer_name: "Ada Obi",
      customer_email: "ada@example.com",
      subtotal: 1_250_000,
      tax_rate: 7.5,
      tax_amount: 93_750,
      total: 1_343_750,
      amount_paid: 0,
      amount_remaining: 1_343_750,
      currency: "NGN",
      due_date: BODY.due_date,
      issued_at: null,
      paid_at: null,
      merchant_reference: null,
      metadata: { order: 7 },
      note: "Thanks",
      paused: false,
      allow_partial_payments: false,
      due_date_action: "none",
      line_items: [
        { description: "Design work", quantity: 2, unit_price: 500_000, amount: 1_000_000 },
        { description: "Hosting", quantity: 1, unit_price: 250_000, amount: 250_000 },
      ],
    });
    expect(v.public_id).toMatch(/^inv_[A-Za-z0-9]+$/);
    expect(v.payment_url).toMatch(new RegExp(`^https?://[^/]+/i/${v.public_id}$`));
    expect(Date.parse(v.created_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("defaults: tax_rate 0, note null, allow_partial_payments false, due_date_action none, merchant_reference and metadata null", async () => {
    const k = await key();
    const { tax_rate: _t, ...rest } = BODY;
    const r = await create(k, rest);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({
      tax_rate: 0,
      tax_amount: 0,
      subtotal: 1_250_000,
      total: 1_250_000,
      note: null,
      allow_partial_payments: false,
      due_date_action: "none",
      merchant_reference: null,
      metadata: null,
    });
  });

  it("send: true answers a sent invoice with issued_at set", async () => {
    const k = await key();
    const before = Date.now();
    const v = await createOk(k, { send: true, allow_partial_payments: true, due_date_action: "pause" });
    expect(v).toMatchObject({ status: "sent", allow_partial_payments: true, due_date_action: "pause" });
    expect(Date.parse(v.issued_at!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("stores the creating key pair, source api, the key's settlement PayID and the due instant (end of the due date in Lagos = 23:00 UTC)", async () => {
    const k = await key();
    const v = await createOk(k);
    const row = await invoiceRow(v.public_id);
    const wallet = await getWalletPayId(await getDb(), { merchantId: k.merchantId, mode: "test" });
    expect(row).toMatchObject({
      keyPairId: k.keyPair.id,
      source: "api",
      settlementPayIdId: wallet!.id,
      merchantId: k.merchantId,
      mode: "test",
      taxRateBp: 750,
    });
    expect(row.dueAt.toISOString()).toBe(`${BODY.due_date}T23:00:00.000Z`);
  });

  it("a due date of today (Lagos) is accepted", async () => {
    const k = await key();
    expect((await createOk(k, { due_date: lagosDay() })).due_date).toBe(lagosDay());
  });

  it("records created (and sent) on the timeline with actor api", async () => {
    const k = await key();
    const v = await createOk(k, { send: true });
    const row = await invoiceRow(v.public_id);
    const lines = await (
      await getDb()
    )
      .select()
      .from(invoiceActivity)
      .where(eq(invoiceActivity.invoiceId, row.id))
      .orderBy(asc(invoiceActivity.createdAt), asc(invoiceActivity.id));
    expect(lines.map((l) => [l.type, l.actor])).toEqual([
      ["created", "api"],
      ["sent", "api"],
    ]);
  });
});

describe("POST /v1/checkout/invoice: totals in kobo, tax rounded half up", () => {
  const totals = async (items: { quantity: number; unit_price: number }[], tax_rate: number) => {
    const v = await createOk(await sharedKey, { line_items: items.map((i) => ({ description: "x", ...i })), tax_rate });
    return { subtotal: v.subtotal, tax_amount: v.tax_amount, total: v.total };
  };

  it("tax exactly half a kobo rounds up (12,340 × 7.5% = 925.5 → 926)", async () => {
    expect(await totals([{ quantity: 1, unit_price: 12_340 }], 7.5)).toEqual({ subtotal: 12_340, tax_amount: 926, total: 13_266 });
  });

  it("tax above half a kobo rounds up (12,345 × 7.5% = 925.875 → 926)", async () => {
    expect(await totals([{ quantity: 1, unit_price: 12_345 }], 7.5)).toEqual({ subtotal: 12_345, tax_amount: 926, total: 13_271 });
  });

  it("tax below half a kobo rounds down (12,339 × 7.5% = 925.425 → 925)", async () => {
    expect(await totals([{ quantity: 1, unit_price: 12_339 }], 7.5)).toEqual({ subtotal: 12_339, tax_amount: 925, total: 13_264 });
  });

  it("a two-decimal rate: 1,000 × 0.05% = 0.5 → 1; 999 × 0.05% = 0.4995 → 0", async () => {
    expect(await totals([{ quantity: 1, unit_price: 1_000 }], 0.05)).toEqual({ subtotal: 1_000, tax_amount: 1, total: 1_001 });
    expect(await totals([{ quantity: 1, unit_price: 999 }], 0.05)).toEqual({ subtotal: 999, tax_amount: 0, total: 999 });
  });

  it("each line is quantity × unit_price; the subtotal is their sum (no float drift at large values)", async () => {
    const v = await createOk(await sharedKey, {
      line_items: [
        { description: "a", quantity: 3, unit_price: 333_333_333 },
        { description: "b", quantity: 7, unit_price: 1 },
      ],
      tax_rate: 0,
    });
    expect(v.line_items.map((l) => l.amount)).toEqual([999_999_999, 7]);
    expect(v.subtotal).toBe(1_000_000_006);
    expect(v.total).toBe(1_000_000_006);
  });

  it("a zero-priced line is allowed while the total is at least 100 kobo", async () => {
    const v = await createOk(await sharedKey, {
      line_items: [
        { description: "free", quantity: 1, unit_price: 0 },
        { description: "paid", quantity: 1, unit_price: 100 },
      ],
      tax_rate: 0,
    });
    expect(v.total).toBe(100);
  });

  it("total below 100 kobo: 400 Validation error 'total must be at least 100 kobo'", async () => {
    expect(await problems({ ...BODY, line_items: [{ description: "x", quantity: 1, unit_price: 99 }], tax_rate: 0 })).toEqual([
      "total must be at least 100 kobo",
    ]);
  });

  it(`total above ${MAX_INVOICE_TOTAL} kobo: 400 Validation error`, async () => {
    const items = [
      { description: "a", quantity: 1, unit_price: MAX_INVOICE_TOTAL },
      { description: "b", quantity: 1, unit_price: 1 },
    ];
    expect(await problems({ ...BODY, line_items: items, tax_rate: 0 })).toEqual([`total must be at most ${MAX_INVOICE_TOTAL} kobo`]);
  });

  it("tax can push the total over the maximum: 400", async () => {
    expect(await problems({ ...BODY, line_items: [{ description: "a", quantity: 1, unit_price: MAX_INVOICE_TOTAL }], tax_rate: 1 })).toEqual([
      `total must be at most ${MAX_INVOICE_TOTAL} kobo`,
    ]);
  });
});

describe("POST /v1/checkout/invoice: validation (400 Validation error, details name the field)", () => {
  const item = { description: "x", quantity: 1, unit_price: 1000 };
  const cases: [string, Record<string, unknown>, string][] = [
    ["customer_name is required", { customer_name: undefined }, "customer_name is required"],
    ["customer_name must be a string", { customer_name: 5 }, "customer_name must be a string"],
    ["customer_name must not be empty", { customer_name: "   " }, "customer_name must not be empty"],
    ["customer_name at most 255", { customer_name: "a".repeat(256) }, "customer_name must be at most 255 characters"],
    ["customer_email is required", { customer_email: undefined }, "customer_email is required"],
    ["customer_email must be an email", { customer_email: "nope" }, "customer_email must be a valid email address"],
    ["customer_email at most 254", { customer_email: `${"a".repeat(250)}@x.io` }, "customer_email must be at most 254 characters"],
    ["line_items is required", { line_items: undefined }, "line_items is required"],
    ["line_items must be an array", { line_items: "x" }, "line_items must be an array"],
    ["line_items at least 1", { line_items: [] }, "line_items must have at least 1 item"],
    ["line_items at most 50", { line_items: Array.from({ length: 51 }, () => item) }, "line_items must have at most 50 items"],
    ["line item description is required", { line_items: [{ quantity: 1, unit_price: 1000 }] }, "line_items description is required"],
    ["line item description not empty", { line_items: [{ ...item, description: " " }] }, "line_items description must not be empty"],
    ["line item description at most 500", { line_items: [{ ...item, description: "d".repeat(501) }] }, "line_items description must be at most 500 characters"],
    ["line item quantity is required", { line_items: [{ description: "x", unit_price: 1000 }] }, "line_items quantity is required"],
    ["line item quantity integer", { line_items: [{ ...item, quantity: 1.5 }] }, "line_items quantity must be an integer of at least 1"],
    ["line item quantity at least 1", { line_items: [{ ...item, quantity: 0 }] }, "line_items quantity must be an integer of at least 1"],
    ["line item quantity at most 1000000", { line_items: [{ ...item, quantity: 1_000_001 }] }, "line_items quantity must be at most 1000000"],
    ["line item unit_price is required", { line_items: [{ description: "x", quantity: 1 }] }, "line_items unit_price is required"],
    ["line item unit_price integer kobo", { line_items: [{ ...item, unit_price: 10.5 }] }, "line_items unit_price must be an integer number of kobo"],
    ["line item unit_price not negative", { line_items: [{ ...item, unit_price: -1 }] }, "line_items unit_price must not be negative"],
    [
      "line item unit_price at most max",
      { line_items: [{ ...item, unit_price: MAX_INVOICE_TOTAL + 1 }] },
      `line_items unit_price must be at most ${MAX_INVOICE_TOTAL}`,
    ],
    ["tax_rate must be a number", { tax_rate: "7.5" }, "tax_rate must be a number (percent)"],
    ["tax_rate at least 0", { tax_rate: -1 }, "tax_rate must be at least 0"],
    ["tax_rate at most 100", { tax_rate: 100.01 }, "tax_rate must be at most 100"],
    ["tax_rate two decimals", { tax_rate: 7.555 }, "tax_rate must have at most two decimal places"],
    ["due_date is required", { due_date: undefined }, "due_date is required"],
    ["due_date ISO format", { due_date: "14/02/2030" }, "due_date must be an ISO date (YYYY-MM-DD)"],
    ["due_date a real date", { due_date: "2030-02-30" }, "due_date must be an ISO date (YYYY-MM-DD)"],
    ["due_date not in the past", { due_date: inDays(-1) }, "due_date must not be in the past"],
    ["note must be a string", { note: 5 }, "note must be a string"],
    ["note at most 2000", { note: "n".repeat(2001) }, "note must be at most 2000 characters"],
    ["allow_partial_payments boolean", { allow_partial_payments: "yes" }, "allow_partial_payments must be a boolean"],
    ["due_date_action enum", { due_date_action: "cancel" }, "due_date_action must be one of none, pause"],
    ["merchant_reference string", { merchant_reference: 5 }, "merchant_reference must be a string"],
    ["merchant_reference not empty", { merchant_reference: " " }, "merchant_reference must not be empty"],
    ["merchant_reference at most 255", { merchant_reference: "r".repeat(256) }, "merchant_reference must be at most 255 characters"],
    ["metadata object", { metadata: "x" }, "metadata must be an object"],
    ["send boolean", { send: "yes" }, "send must be a boolean"],
  ];
  it.each(cases)("%s", async (_name, change, message) => {
    const body: Record<string, unknown> = { ...BODY, ...change };
    for (const k of Object.keys(change)) if (change[k] === undefined) delete body[k];
    expect(await problems(body)).toContain(message);
  });

  it("several problems are all reported, and nothing is created", async () => {
    const k = await key();
    const r = await create(k, { customer_email: "nope", line_items: [], tax_rate: -1 });
    expect(r.status).toBe(400);
    expect(r.body.error!.details).toEqual(
      expect.arrayContaining([
        "customer_name is required",
        "customer_email must be a valid email address",
        "line_items must have at least 1 item",
        "tax_rate must be at least 0",
        "due_date is required",
      ]),
    );
    expect(await (await getDb()).select().from(invoices).where(eq(invoices.merchantId, k.merchantId))).toEqual([]);
  });

  it("a body that does not parse: 400 Malformed JSON body", async () => {
    const r = await call(createPost, {
      method: "POST",
      path: "/v1/checkout/invoice",
      key: (await sharedKey).secretKey,
      body: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Malformed JSON body" });
  });
});

describe("POST /v1/checkout/invoice: numbering", () => {
  it("invoice numbers are sequential per merchant: INV-000001, INV-000002, INV-000003", async () => {
    const k = await key();
    const numbers = [];
    for (let i = 0; i < 3; i++) numbers.push((await createOk(k)).invoice_number);
    expect(numbers).toEqual(["INV-000001", "INV-000002", "INV-000003"]);
  });

  it("another key pair of the same merchant and mode continues the same sequence", async () => {
    const k = await key();
    const k2 = await key({ merchantId: k.merchantId });
    expect((await createOk(k)).invoice_number).toBe("INV-000001");
    expect((await createOk(k2)).invoice_number).toBe("INV-000002");
  });

  it("each mode and each merchant has its own sequence", async () => {
    const k = await key();
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    const other = await key();
    expect((await createOk(k)).invoice_number).toBe("INV-000001");
    expect((await createOk(k)).invoice_number).toBe("INV-000002");
    expect((await createOk(live)).invoice_number).toBe("INV-000001");
    expect((await createOk(other)).invoice_number).toBe("INV-000001");
  });

  it("concurrent creates get distinct consecutive numbers (no gap, no duplicate)", async () => {
    const k = await key();
    const made = await Promise.all(Array.from({ length: 12 }, () => createOk(k)));
    expect(made.map((v) => v.invoice_number).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `INV-${String(i + 1).padStart(6, "0")}`));
  });

  it("a refused create (validation) uses no number", async () => {
    const k = await key();
    expect((await create(k, { ...BODY, tax_rate: -1 })).status).toBe(400);
    expect((await createOk(k)).invoice_number).toBe("INV-000001");
  });
});

describe("POST /v1/checkout/invoice: merchant_reference is idempotent", () => {
  it("the same merchant_reference and body returns the first invoice; nothing is created twice, no second event", async () => {
    const k = await key();
    const a = await createOk(k, { merchant_reference: "order-1" });
    const b = await createOk(k, { merchant_reference: "order-1" });
    expect(b).toEqual(a);
    const rows = await (await getDb()).select().from(invoices).where(eq(invoices.merchantId, k.merchantId));
    expect(rows).toHaveLength(1);
    expect((await keyEvents(k)).filter((e) => e.type === "invoice.created")).toHaveLength(1);
  });

  it("the same body with its keys in another order is a replay too", async () => {
    const k = await key();
    const a = await createOk(k, { merchant_reference: "order-2", metadata: { a: 1, b: 2 } });
    const reordered = Object.fromEntries(Object.entries({ ...BODY, merchant_reference: "order-2", metadata: { b: 2, a: 1 } }).reverse());
    const r = await create(k, reordered);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data!.public_id).toBe(a.public_id);
  });

  it("the same merchant_reference with a different body: 409 REFERENCE_CONFLICT", async () => {
    const k = await key();
    await createOk(k, { merchant_reference: "order-3" });
    const r = await create(k, { ...BODY, merchant_reference: "order-3", tax_rate: 0 });
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: "REFERENCE_CONFLICT", message: "This merchant_reference was already used for a different invoice." });
  });

  it("concurrent creates with one merchant_reference and body make one invoice", async () => {
    const k = await key();
    const made = await Promise.all(Array.from({ length: 6 }, () => createOk(k, { merchant_reference: "order-race" })));
    expect(new Set(made.map((v) => v.public_id)).size).toBe(1);
    expect(await (await getDb()).select().from(invoices).where(eq(invoices.merchantId, k.merchantId))).toHaveLength(1);
  });

  it("a merchant_reference is per merchant and mode: the other mode and another merchant may use it", async () => {
    const k = await key();
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    const other = await key();
    const a = await createOk(k, { merchant_reference: "shared-ref" });
    const b = await createOk(live, { merchant_reference: "shared-ref", tax_rate: 0 });
    const c = await createOk(other, { merchant_reference: "shared-ref", tax_rate: 0 });
    expect(new Set([a.public_id, b.public_id, c.public_id]).size).toBe(3);
  });
});

describe("POST /v1/checkout/invoice: events", () => {
  it("invoice.created carries exactly api.md's base fields, to the creating key pair", async () => {
    const k = await key();
    const v = await createOk(k, { merchant_reference: "evt-1", metadata: { x: 1 } });
    const sent = await keyEvents(k);
    expect(sent.map((e) => e.type)).toEqual(["invoice.created"]);
    expect(Object.keys(sent[0]!.data).sort()).toEqual(BASE_FIELDS);
    expect(sent[0]!.data).toEqual({
      public_id: v.public_id,
      invoice_number: "INV-000001",
      status: "draft",
      customer_name: "Ada Obi",
      customer_email: "ada@example.com",
      subtotal: 1_250_000,
      tax_rate: 7.5,
      tax_amount: 93_750,
      total: 1_343_750,
      amount_paid: 0,
      currency: "NGN",
      due_date: BODY.due_date,
      issued_at: null,
      paid_at: null,
      merchant_reference: "evt-1",
      metadata: { x: 1 },
      payment_url: v.payment_url,
    });
    expect(sent[0]).toMatchObject({ merchantId: k.merchantId, mode: "test" });
  });

  it("send: true emits invoice.created (as a draft) then invoice.sent (sent, issued_at set)", async () => {
    const k = await key();
    const v = await createOk(k, { send: true });
    const sent = await keyEvents(k);
    expect(sent.map((e) => e.type)).toEqual(["invoice.created", "invoice.sent"]);
    expect(sent[0]!.data).toMatchObject({ status: "draft", issued_at: null });
    expect(sent[1]!.data).toMatchObject({ status: "sent", issued_at: v.issued_at, public_id: v.public_id });
    expect(Object.keys(sent[1]!.data).sort()).toEqual(BASE_FIELDS);
  });

  it("another key pair of the merchant hears nothing about an invoice it did not create", async () => {
    const k = await key();
    const k2 = await key({ merchantId: k.merchantId });
    await createOk(k, { send: true });
    expect(await keyEvents(k2)).toEqual([]);
  });
});

describe("POST /v1/checkout/invoice: keys", () => {
  it("a public key: 403 SECRET_KEY_REQUIRED, nothing created", async () => {
    const k = await key();
    const r = await create(k.publicKey, BODY);
    expect(r.status).toBe(403);
    expect(r.body.error!.code).toBe("SECRET_KEY_REQUIRED");
    expect(await (await getDb()).select().from(invoices).where(eq(invoices.merchantId, k.merchantId))).toEqual([]);
  });

  it("a key without the invoices permission: 403 PERMISSION_DENIED", async () => {
    const k = await key({ config: { permissions: ["checkout", "virtual_payid"] } });
    const r = await create(k, BODY);
    expect(r.status).toBe(403);
    expect(r.body.error).toEqual({ code: "PERMISSION_DENIED", message: "This API key lacks the invoices permission." });
    const l = await call(listGet, { path: "/v1/checkout/invoice", key: k.secretKey });
    expect(l.status).toBe(403);
    expect(l.body.error!.code).toBe("PERMISSION_DENIED");
  });

  it("a live key creates a live invoice", async () => {
    const k = await key({ mode: "live" });
    const v = await createOk(k);
    expect(
      (
        await (
          await getDb()
        )
          .select()
          .from(invoices)
          .where(and(eq(invoices.publicId, v.public_id), eq(invoices.mode, "live")))
      ).length,
    ).toBe(1);
  });
});
