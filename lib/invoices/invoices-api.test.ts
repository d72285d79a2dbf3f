import { asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as cancelPost } from "@/app/v1/checkout/invoice/[publicId]/cancel/route";
import { POST as pausePost } from "@/app/v1/checkout/invoice/[publicId]/pause/route";
import { POST as resumePost } from "@/app/v1/checkout/invoice/[publicId]/resume/route";
import { GET as oneGet, PATCH as onePatch, PUT as onePut } from "@/app/v1/checkout/invoice/[publicId]/route";
import { POST as sendPost } from "@/app/v1/checkout/invoice/[publicId]/send/route";
import { GET as listGet, POST as createPost } from "@/app/v1/checkout/invoice/route";
import { POST as dynamicCreate } from "@/app/v1/checkout/dynamic-payid/route";
import { POST as vaCreate } from "@/app/v1/checkout/virtual-account/route";
import { getDb } from "@/db/client";
import { dynamicPayIds, events, invoices, payments, virtualAccounts, type Invoice } from "@/db/schema";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { call, type RouteHandler } from "@/tests/http";
import { createInvoiceOk, inDays, makeInvoiceKey as key, type TestKey } from "@/tests/invoices";
import { listInvoiceActivity, listInvoicePayments } from "./invoice-activity";
import type { InvoiceView } from "./invoice-view";

afterAll(() => afterCommitDeliveriesSettled());

type Paged<T> = { items: T[]; total: number; page: number; page_size: number; total_pages: number };

const BODY = {
  customer_name: "Ada Obi",
  customer_email: "ada@example.com",
  line_items: [{ description: "Design work", quantity: 2, unit_price: 500_000 }],
  tax_rate: 7.5,
  due_date: inDays(14),
};

const VIEW_FIELDS = [
  "allow_partial_payments",
  "amount_paid",
  "amount_remaining",
  "created_at",
  "currency",
  "customer_email",
  "customer_name",
  "due_date",
  "due_date_action",
  "invoice_number",
  "issued_at",
  "line_items",
  "merchant_reference",
  "metadata",
  "note",
  "paid_at",
  "paused",
  "payment_url",
  "public_id",
  "status",
  "subtotal",
  "tax_amount",
  "tax_rate",
  "total",
].sort();

const secret = (k: TestKey | string) => (typeof k === "string" ? k : k.secretKey);

const newInvoice = (k: TestKey, json: Record<string, unknown> = {}) => createInvoiceOk(k, { ...BODY, ...json });

const getOne = (k: TestKey | string, publicId: string) =>
  call<InvoiceView>(oneGet, { path: `/v1/checkout/invoice/${publicId}`, key: secret(k), params: { publicId } });
const put = (k: TestKey | string, publicId: string, json: unknown) =>
  call<InvoiceView>(onePut, { method: "PUT", path: `/v1/checkout/invoice/${publicId}`, key: secret(k), params: { publicId }, json });
const patch = (k: TestKey | string, publicId: string, json: unknown) =>
  call<InvoiceView>(onePatch, { method: "PATCH", path: `/v1/checkout/invoice/${publicId}`, key: secret(k), params: { publicId }, json });

const ACTIONS: Record<"send" | "pause" | "resume" | "cancel", RouteHandler> = { send: sendPost, pause: pausePost, resume: resumePost, cancel: cancelPost };
const act = (k: TestKey | string, action: keyof typeof ACTIONS, publicId: string) =>
  call<InvoiceView>(ACTIONS[action], { method: "POST", path: `/v1/checkout/invoice/${publicId}/${action}`, key: secret(k), params: { publicId } });
async function actOk(k: TestKey, action: keyof typeof ACTIONS, publicId: string): Promise<InvoiceView> {
  const r = await act(k, action, publicId);
  expect(r.status, r.text).toBe(200);
  return r.body.data!;
}
async function expectInvalidState(k: TestKey, action: keyof typeof ACTIONS, publicId: string, message: string) {
  const r = await act(k, action, publicId);
  expect(r.status, r.text).toBe(400);
  expect(r.body.error).toEqual({ code: "INVALID_STATE", message });
}

function list(k: TestKey, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([a, b]) => [a, String(b)])).toString();
  return call<Paged<InvoiceView>>(listGet, { path: `/v1/checkout/invoice${qs ? `?${qs}` : ""}`, key: k.secretKey });
}
const listNumbers = async (k: TestKey, query: Record<string, string | number> = {}) => {
  const r = await list(k, query);
  expect(r.status, r.text).toBe(200);
  return r.body.data!.items.map((i) => i.invoice_number);
};

const row = async (publicId: string): Promise<Invoice> => (await (await getDb()).select().from(invoices).where(eq(invoices.publicId, publicId)))[0]!;
const setRow = async (publicId: string, changes: Partial<typeof invoices.$inferInsert>) =>
  (await getDb()).update(invoices).set(changes).where(eq(invoices.publicId, publicId));
const eventTypes = async (k: TestKey) =>
  (await (await getDb()).select().from(events).where(eq(events.keyPairId, k.keyPair.id)).orderBy(asc(events.seq))).map((e) => e.type);
const keyEvents = async (k: TestKey) => (await getDb()).select().from(events).where(eq(events.keyPairId, k.keyPair.id)).orderBy(asc(events.seq));
const timeline = async (publicId: string) => (await listInvoiceActivity(await getDb(), (await row(publicId)).id)).map((a) => a.type);

const NOT_FOUND = { code: "NOT_FOUND", message: "Invoice not found." };

describe("GET /v1/checkout/invoice/:publicId", () => {
  it("answers the Invoice object as created", async () => {
    const k = await key();
    const v = await newInvoice(k, { note: "n" });
    const r = await getOne(k, v.public_id);
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body.data!).sort()).toEqual(VIEW_FIELDS);
    expect(r.body.data).toEqual(v);
  });

  it("another key pair of the same merchant and mode sees it (invoices belong to merchant and mode)", async () => {
    const k = await key();
    const k2 = await key({ merchantId: k.merchantId });
    const v = await newInvoice(k);
    expect((await getOne(k2, v.public_id)).body.data!.public_id).toBe(v.public_id);
  });

  it("another merchant's invoice: 404 Invoice not found., no invoice data in the answer", async () => {
    const v = await newInvoice(await key({}), { customer_name: "Secret Customer" });
    const r = await getOne(await key(), v.public_id);
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual(NOT_FOUND);
    expect(r.body.data).toBeUndefined();
    expect(r.text).not.toContain("Secret Customer");
  });

  it("the same merchant's live key cannot see a test invoice: 404", async () => {
    const k = await key();
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    const v = await newInvoice(k);
    const r = await getOne(live, v.public_id);
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual(NOT_FOUND);
  });

  it("an unknown or malformed id: 404 Invoice not found.", async () => {
    const k = await key();
    for (const id of ["inv_doesnotexist", "not-an-id", "00000000-0000-0000-0000-000000000000"]) {
      const r = await getOne(k, id);
      expect(r.status).toBe(404);
      expect(r.body.error).toEqual(NOT_FOUND);
    }
  });
});

describe("invoice endpoints: keys and scope", () => {
  const everyCall = (k: string, id: string) => [
    () => getOne(k, id),
    () => put(k, id, { note: "x" }),
    () => patch(k, id, { note: "x" }),
    () => act(k, "send", id),
    () => act(k, "pause", id),
    () => act(k, "resume", id),
    () => act(k, "cancel", id),
    () => call(listGet, { path: "/v1/checkout/invoice", key: k }),
    () => call(createPost, { method: "POST", path: "/v1/checkout/invoice", key: k, json: BODY }),
  ];

  it("a public key on every invoice endpoint: 403 SECRET_KEY_REQUIRED", async () => {
    const k = await key();
    const v = await newInvoice(k);
    for (const c of everyCall(k.publicKey, v.public_id)) {
      const r = await c();
      expect(r.status, r.text).toBe(403);
      expect(r.body.error!.code).toBe("SECRET_KEY_REQUIRED");
    }
    expect((await row(v.public_id)).status).toBe("draft");
  });

  it("a key without the invoices permission on every invoice endpoint: 403 PERMISSION_DENIED", async () => {
    const k = await key();
    const v = await newInvoice(k);
    const limited = await key({ merchantId: k.merchantId, config: { permissions: ["checkout", "virtual_account"] } });
    for (const c of everyCall(limited.secretKey, v.public_id)) {
      const r = await c();
      expect(r.status, r.text).toBe(403);
      expect(r.body.error).toEqual({ code: "PERMISSION_DENIED", message: "This API key lacks the invoices permission." });
    }
  });

  it("another merchant's key on get, update (PUT and PATCH), send, pause, resume and cancel: 404 and the invoice is unchanged", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    const stranger = await key();
    for (const c of everyCall(stranger.secretKey, v.public_id).slice(0, 7)) {
      const r = await c();
      expect(r.status, r.text).toBe(404);
      expect(r.body.error).toEqual(NOT_FOUND);
    }
    expect(await getOne(k, v.public_id)).toMatchObject({ body: { data: { status: "sent", paused: false, note: null } } });
  });

  it("the other mode's key on the actions: 404", async () => {
    const k = await key();
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    const v = await newInvoice(k);
    for (const action of ["send", "pause", "resume", "cancel"] as const) {
      const r = await act(live, action, v.public_id);
      expect(r.status).toBe(404);
      expect(r.body.error).toEqual(NOT_FOUND);
    }
    expect((await put(live, v.public_id, { note: "x" })).status).toBe(404);
  });
});

describe("PUT /v1/checkout/invoice/:publicId", () => {
  it("changes the given fields of a draft; what is absent stays", async () => {
    const k = await key();
    const v = await newInvoice(k, { note: "old", metadata: { a: 1 } });
    const r = await put(k, v.public_id, {
      customer_name: "Bola Ade",
      customer_email: "bola@example.com",
      allow_partial_payments: true,
      due_date_action: "pause",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({
      ...v,
      customer_name: "Bola Ade",
      customer_email: "bola@example.com",
      allow_partial_payments: true,
      due_date_action: "pause",
    });
  });

  it("new line_items recompute subtotal, tax (half up) and total", async () => {
    const k = await key();
    const v = await newInvoice(k);
    const r = await put(k, v.public_id, { line_items: [{ description: "a", quantity: 1, unit_price: 12_340 }] });
    expect(r.body.data).toMatchObject({
      line_items: [{ description: "a", quantity: 1, unit_price: 12_340, amount: 12_340 }],
      subtotal: 12_340,
      tax_rate: 7.5,
      tax_amount: 926,
      total: 13_266,
      amount_remaining: 13_266,
    });
  });

  it("a new tax_rate alone recomputes the totals from the stored line items", async () => {
    const k = await key();
    const v = await newInvoice(k);
    const r = await put(k, v.public_id, { tax_rate: 10 });
    expect(r.body.data).toMatchObject({ subtotal: 1_000_000, tax_rate: 10, tax_amount: 100_000, total: 1_100_000 });
    expect((await row(v.public_id)).taxRateBp).toBe(1000);
  });

  it("a new due_date moves the due instant to the end of that day in Lagos", async () => {
    const k = await key();
    const v = await newInvoice(k);
    const d = inDays(30);
    expect((await put(k, v.public_id, { due_date: d })).body.data!.due_date).toBe(d);
    expect((await row(v.public_id)).dueAt.toISOString()).toBe(`${d}T23:00:00.000Z`);
  });

  it("note, merchant_reference and metadata are cleared with null", async () => {
    const k = await key();
    const v = await newInvoice(k, { note: "n", merchant_reference: "r-clear", metadata: { a: 1 } });
    const r = await put(k, v.public_id, { note: null, merchant_reference: null, metadata: null });
    expect(r.body.data).toMatchObject({ note: null, merchant_reference: null, metadata: null });
  });

  it("an empty body changes nothing and records nothing", async () => {
    const k = await key();
    const v = await newInvoice(k);
    const r = await put(k, v.public_id, {});
    expect(r.body.data).toEqual(v);
    expect(await timeline(v.public_id)).toEqual(["created"]);
  });

  it("records 'updated' with the changed fields on the timeline; sends no webhook", async () => {
    const k = await key();
    const v = await newInvoice(k);
    await put(k, v.public_id, { note: "x", tax_rate: 0 });
    expect(await timeline(v.public_id)).toEqual(["created", "updated"]);
    const activity = await listInvoiceActivity(await getDb(), (await row(v.public_id)).id);
    expect(activity[1]).toMatchObject({ type: "updated", actor: "api" });
    expect((activity[1]!.data!.fields as string[]).sort()).toEqual(["note", "tax_rate"]);
    expect(await eventTypes(k)).toEqual(["invoice.created"]);
  });

  it("merchant_reference already on another invoice of the merchant and mode: 409 REFERENCE_CONFLICT, nothing changed", async () => {
    const k = await key();
    await newInvoice(k, { merchant_reference: "taken" });
    const v = await newInvoice(k);
    const r = await put(k, v.public_id, { merchant_reference: "taken", note: "x" });
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: "REFERENCE_CONFLICT", message: "This merchant_reference was already used for a different invoice." });
    expect(await getOne(k, v.public_id)).toMatchObject({ body: { data: { merchant_reference: null, note: null } } });
  });

  it("keeping its own merchant_reference, or one used only in the other mode or by another merchant, is fine", async () => {
    const k = await key();
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    await newInvoice(live, { merchant_reference: "live-ref" });
    await newInvoice(await key(), { merchant_reference: "their-ref" });
    const v = await newInvoice(k, { merchant_reference: "mine" });
    expect((await put(k, v.public_id, { merchant_reference: "mine", note: "a" })).status).toBe(200);
    expect((await put(k, v.public_id, { merchant_reference: "live-ref" })).body.data!.merchant_reference).toBe("live-ref");
    expect((await put(k, v.public_id, { merchant_reference: "their-ref" })).body.data!.merchant_reference).toBe("their-ref");
  });

  it("send is not accepted on update: 400 Validation error with a pointer to /send", async () => {
    const k = await key();
    const v = await newInvoice(k);
    const r = await put(k, v.public_id, { send: true });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: "HTTP_ERROR",
      message: "Validation error",
      details: ["send is not accepted on update; use POST /v1/checkout/invoice/:publicId/send"],
    });
  });

  it("update validates like create: bad fields are 400 with each field named", async () => {
    const k = await key();
    const v = await newInvoice(k);
    const r = await put(k, v.public_id, { tax_rate: -1, line_items: [], due_date: inDays(-1), customer_email: "x" });
    expect(r.status).toBe(400);
    expect(r.body.error!.details).toEqual(
      expect.arrayContaining([
        "tax_rate must be at least 0",
        "line_items must have at least 1 item",
        "due_date must not be in the past",
        "customer_email must be a valid email address",
      ]),
    );
    const small = await put(k, v.public_id, { line_items: [{ description: "x", quantity: 1, unit_price: 50 }], tax_rate: 0 });
    expect(small.status).toBe(400);
    expect(small.body.error!.details).toEqual(["total must be at least 100 kobo"]);
    expect((await getOne(k, v.public_id)).body.data).toEqual(v);
  });

  it.each(["sent", "partial", "paid", "overdue", "cancelled"] as const)("a %s invoice cannot be updated: 400 INVALID_STATE", async (status) => {
    const k = await key();
    const v = await newInvoice(k);
    await setRow(v.public_id, { status });
    const r = await put(k, v.public_id, { note: "x" });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "INVALID_STATE", message: "Only a draft invoice can be updated." });
    expect((await row(v.public_id)).note).toBeNull();
  });
});

describe("PATCH /v1/checkout/invoice/:publicId (supplement §7: the ZevPay SDK's alias of PUT)", () => {
  it("changes only the fields given; the rest of the draft stays", async () => {
    const k = await key();
    const v = await newInvoice(k, { note: "old", merchant_reference: "patch-keep", metadata: { order: 7 } });
    const r = await patch(k, v.public_id, { customer_name: "Bola Ade", due_date_action: "pause" });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ ...v, customer_name: "Bola Ade", due_date_action: "pause" });
    expect((await getOne(k, v.public_id)).body.data).toEqual(r.body.data);
    const activity = await listInvoiceActivity(await getDb(), (await row(v.public_id)).id);
    expect(activity.map((a) => a.type)).toEqual(["created", "updated"]);
    expect((activity[1]!.data!.fields as string[]).sort()).toEqual(["customer_name", "due_date_action"]);
  });

  it("answers exactly what PUT answers for the same change (totals recomputed from stored line items, nulls clear)", async () => {
    const k = await key();
    const a = await newInvoice(k, { note: "n", metadata: { a: 1 } });
    const b = await newInvoice(k, { note: "n", metadata: { a: 1 } });
    const change = { tax_rate: 10, note: null, metadata: null };
    const viaPut = (await put(k, a.public_id, change)).body.data!;
    const viaPatch = (await patch(k, b.public_id, change)).body.data!;
    expect(viaPatch).toMatchObject({ subtotal: 1_000_000, tax_rate: 10, tax_amount: 100_000, total: 1_100_000, note: null, metadata: null });
    const strip = ({ public_id: _p, invoice_number: _n, payment_url: _u, created_at: _c, ...rest }: InvoiceView) => rest;
    expect(strip(viaPatch)).toEqual(strip(viaPut));
  });

  it.each(["sent", "partial", "paid", "overdue", "cancelled"] as const)(
    "a %s invoice: 400 INVALID_STATE with PUT's message, nothing changed",
    async (status) => {
      const k = await key();
      const v = await newInvoice(k);
      await setRow(v.public_id, { status });
      const viaPatch = await patch(k, v.public_id, { note: "x" });
      expect(viaPatch.status).toBe(400);
      expect(viaPatch.body.error).toEqual({ code: "INVALID_STATE", message: "Only a draft invoice can be updated." });
      expect(viaPatch.body.error).toEqual((await put(k, v.public_id, { note: "x" })).body.error);
      expect((await row(v.public_id)).note).toBeNull();
    },
  );

  it("scope: another merchant's, the other mode's or an unknown id is 404 Invoice not found.", async () => {
    const k = await key();
    const v = await newInvoice(k);
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    for (const r of [
      await patch(await key(), v.public_id, { note: "x" }),
      await patch(live, v.public_id, { note: "x" }),
      await patch(k, "inv_doesnotexist", { note: "x" }),
    ]) {
      expect(r.status, r.text).toBe(404);
      expect(r.body.error).toEqual(NOT_FOUND);
    }
    expect((await row(v.public_id)).note).toBeNull();
  });

  it("validation errors are PUT's: the same 400 for the same bad body, send refused, nothing changed", async () => {
    const k = await key();
    const v = await newInvoice(k);
    for (const bad of [
      { tax_rate: -1, line_items: [], due_date: inDays(-1), customer_email: "x" },
      { line_items: [{ description: "x", quantity: 1, unit_price: 50 }], tax_rate: 0 },
      { send: true },
      { allow_partial_payments: "yes" },
    ]) {
      const viaPatch = await patch(k, v.public_id, bad);
      expect(viaPatch.status, JSON.stringify(bad)).toBe(400);
      expect(viaPatch.body.error!.details!.length).toBeGreaterThan(0);
      expect(viaPatch.body.error).toEqual((await put(k, v.public_id, bad)).body.error);
    }
    expect((await getOne(k, v.public_id)).body.data).toEqual(v);
  });
});

describe("POST /v1/checkout/invoice/:publicId/send", () => {
  it("draft → sent: issued_at set, invoice.sent with the base fields, 'sent' on the timeline", async () => {
    const k = await key();
    const v = await newInvoice(k);
    const before = Date.now();
    const s = await actOk(k, "send", v.public_id);
    expect(s).toMatchObject({ status: "sent", paused: false });
    expect(Date.parse(s.issued_at!)).toBeGreaterThanOrEqual(before - 1000);
    const sent = await keyEvents(k);
    expect(sent.map((e) => e.type)).toEqual(["invoice.created", "invoice.sent"]);
    const { line_items: _l, paused: _p, allow_partial_payments: _a, due_date_action: _d, note: _n, amount_remaining: _r, created_at: _c, ...base } = s;
    expect(sent[1]!.data).toEqual(base);
    expect(await timeline(v.public_id)).toEqual(["created", "sent"]);
  });

  it.each(["sent", "partial", "paid", "overdue", "cancelled"] as const)("a %s invoice cannot be sent: 400 INVALID_STATE", async (status) => {
    const k = await key();
    const v = await newInvoice(k);
    await setRow(v.public_id, { status });
    await expectInvalidState(k, "send", v.public_id, "Only a draft invoice can be sent.");
    expect(await eventTypes(k)).toEqual(["invoice.created"]);
  });

  it("sending twice: the second is 400 INVALID_STATE and sends no second invoice.sent", async () => {
    const k = await key();
    const v = await newInvoice(k);
    await actOk(k, "send", v.public_id);
    await expectInvalidState(k, "send", v.public_id, "Only a draft invoice can be sent.");
    expect(await eventTypes(k)).toEqual(["invoice.created", "invoice.sent"]);
  });

  it("concurrent sends: exactly one succeeds, one invoice.sent", async () => {
    const k = await key();
    const v = await newInvoice(k);
    const results = await Promise.all(Array.from({ length: 5 }, () => act(k, "send", v.public_id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(4);
    expect(await eventTypes(k)).toEqual(["invoice.created", "invoice.sent"]);
  });

  it("a draft whose due date has already passed is sent and becomes overdue at once", async () => {
    const k = await key();
    const v = await newInvoice(k);
    await setRow(v.public_id, { dueAt: new Date(Date.now() - 1000) });
    const s = await actOk(k, "send", v.public_id);
    expect(s.status).toBe("overdue");
    expect(await timeline(v.public_id)).toEqual(["created", "sent", "overdue"]);
    expect(await eventTypes(k)).toEqual(["invoice.created", "invoice.sent"]);
  });
});

describe("POST /v1/checkout/invoice/:publicId/pause", () => {
  it("a sent invoice: paused true, status kept, paused_at set, invoice.paused with the limited payload only", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    const p = await actOk(k, "pause", v.public_id);
    expect(p).toMatchObject({ status: "sent", paused: true, payment_url: v.payment_url });
    expect((await row(v.public_id)).pausedAt).not.toBeNull();
    const sent = await keyEvents(k);
    expect(sent.map((e) => e.type)).toEqual(["invoice.created", "invoice.sent", "invoice.paused"]);
    expect(sent[2]!.data).toEqual({
      public_id: v.public_id,
      invoice_number: v.invoice_number,
      status: "sent",
      total: v.total,
      amount_paid: 0,
      currency: "NGN",
    });
    const activity = await listInvoiceActivity(await getDb(), (await row(v.public_id)).id);
    expect(activity.at(-1)).toMatchObject({ type: "paused", actor: "api", data: { reason: "manual" } });
  });

  it.each(["partial", "overdue"] as const)("a %s invoice can be paused; its status stays as it was", async (status) => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await setRow(v.public_id, { status, amountPaid: status === "partial" ? 1000 : 0 });
    const p = await actOk(k, "pause", v.public_id);
    expect(p).toMatchObject({ status, paused: true });
    expect((await keyEvents(k)).at(-1)!.data).toMatchObject({ status, amount_paid: status === "partial" ? 1000 : 0 });
  });

  it("a draft: 400 INVALID_STATE 'A draft invoice cannot be paused; send it first.'", async () => {
    const k = await key();
    const v = await newInvoice(k);
    await expectInvalidState(k, "pause", v.public_id, "A draft invoice cannot be paused; send it first.");
  });

  it("a paid invoice: 400 INVALID_STATE 'A paid invoice cannot be paused.'", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await setRow(v.public_id, { status: "paid" });
    await expectInvalidState(k, "pause", v.public_id, "A paid invoice cannot be paused.");
  });

  it("a cancelled invoice: 400 INVALID_STATE 'A cancelled invoice cannot be paused.'", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await actOk(k, "cancel", v.public_id);
    await expectInvalidState(k, "pause", v.public_id, "A cancelled invoice cannot be paused.");
  });

  it("an already paused invoice: 400 INVALID_STATE 'This invoice is already paused.', no second invoice.paused", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await actOk(k, "pause", v.public_id);
    await expectInvalidState(k, "pause", v.public_id, "This invoice is already paused.");
    expect((await eventTypes(k)).filter((t) => t === "invoice.paused")).toHaveLength(1);
  });
});

describe("POST /v1/checkout/invoice/:publicId/resume", () => {
  it("a paused invoice: paused false, status kept, 'resumed' on the timeline, no webhook", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await actOk(k, "pause", v.public_id);
    const r = await actOk(k, "resume", v.public_id);
    expect(r).toMatchObject({ status: "sent", paused: false });
    expect(await eventTypes(k)).toEqual(["invoice.created", "invoice.sent", "invoice.paused"]);
    expect(await timeline(v.public_id)).toEqual(["created", "sent", "paused", "resumed"]);
  });

  it("an invoice that is not paused: 400 INVALID_STATE 'This invoice is not paused.'", async () => {
    const k = await key();
    const draft = await newInvoice(k);
    const sent = await newInvoice(k, { send: true });
    await expectInvalidState(k, "resume", draft.public_id, "This invoice is not paused.");
    await expectInvalidState(k, "resume", sent.public_id, "This invoice is not paused.");
  });

  it("a cancelled invoice that is not paused: 'This invoice is not paused.'", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await actOk(k, "cancel", v.public_id);
    await expectInvalidState(k, "resume", v.public_id, "This invoice is not paused.");
  });

  it("a paused invoice that was then cancelled: 400 INVALID_STATE 'A cancelled invoice cannot be resumed.'", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await actOk(k, "pause", v.public_id);
    expect(await actOk(k, "cancel", v.public_id)).toMatchObject({ status: "cancelled", paused: true });
    await expectInvalidState(k, "resume", v.public_id, "A cancelled invoice cannot be resumed.");
  });
});

describe("POST /v1/checkout/invoice/:publicId/cancel", () => {
  it.each(["draft", "sent", "partial", "overdue"] as const)("a %s invoice becomes cancelled (cancelled_at set), no webhook", async (status) => {
    const k = await key();
    const v = await newInvoice(k);
    await setRow(v.public_id, { status });
    const c = await actOk(k, "cancel", v.public_id);
    expect(c.status).toBe("cancelled");
    const r = await row(v.public_id);
    expect(r.cancelledAt).not.toBeNull();
    expect(await eventTypes(k)).toEqual(["invoice.created"]);
    const activity = await listInvoiceActivity(await getDb(), r.id);
    expect(activity.at(-1)).toMatchObject({ type: "cancelled", actor: "api" });
  });

  it("a paid invoice: 400 INVALID_STATE 'A paid invoice cannot be cancelled.'", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await setRow(v.public_id, { status: "paid" });
    await expectInvalidState(k, "cancel", v.public_id, "A paid invoice cannot be cancelled.");
    expect((await row(v.public_id)).status).toBe("paid");
  });

  it("an already cancelled invoice: 400 INVALID_STATE 'This invoice is already cancelled.'", async () => {
    const k = await key();
    const v = await newInvoice(k);
    await actOk(k, "cancel", v.public_id);
    await expectInvalidState(k, "cancel", v.public_id, "This invoice is already cancelled.");
  });

  it("retires the invoice's issued virtual account (cancelled) and dynamic PayID (deactivated); others untouched", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    const db = await getDb();
    const va = await call(vaCreate, { method: "POST", path: "/v1/checkout/virtual-account", key: k.secretKey, json: { amount: 1000 } });
    const other = await call(vaCreate, { method: "POST", path: "/v1/checkout/virtual-account", key: k.secretKey, json: { amount: 1000 } });
    const dyn = await call<{ id: string }>(dynamicCreate, {
      method: "POST",
      path: "/v1/checkout/dynamic-payid",
      key: k.secretKey,
      json: { allow_multiple_payments: true },
    });
    expect([va.status, other.status, dyn.status]).toEqual([200, 200, 200]);
    const inv = await row(v.public_id);
    const vaId = (va.body.data as { public_id: string }).public_id;
    const otherId = (other.body.data as { public_id: string }).public_id;
    await db.update(virtualAccounts).set({ invoiceId: inv.id }).where(eq(virtualAccounts.publicId, vaId));
    await db.update(dynamicPayIds).set({ invoiceId: inv.id }).where(eq(dynamicPayIds.id, dyn.body.data!.id));

    await actOk(k, "cancel", v.public_id);
    const [vaRow] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.publicId, vaId));
    const [otherRow] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.publicId, otherId));
    const [dynRow] = await db.select().from(dynamicPayIds).where(eq(dynamicPayIds.id, dyn.body.data!.id));
    expect(vaRow!.status).toBe("cancelled");
    expect(vaRow!.retiredAt).not.toBeNull();
    expect(dynRow!.status).toBe("deactivated");
    expect(otherRow!.status).toBe("pending");
  });
});

describe("GET /v1/checkout/invoice", () => {
  it("a paged list of Invoice objects of the key's merchant and mode, newest first", async () => {
    const k = await key();
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    for (let i = 0; i < 3; i++) await newInvoice(k);
    await newInvoice(live);
    await newInvoice(await key());
    const r = await list(k);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ total: 3, page: 1, page_size: 20, total_pages: 1 });
    expect(r.body.data!.items.map((i) => i.invoice_number)).toEqual(["INV-000003", "INV-000002", "INV-000001"]);
    expect(Object.keys(r.body.data!.items[0]!).sort()).toEqual(VIEW_FIELDS);
    expect(r.body.data!.items[0]).toEqual((await getOne(k, r.body.data!.items[0]!.public_id)).body.data);
  });

  it("pages with page and page_size; total_pages rounds up", async () => {
    const k = await key();
    for (let i = 0; i < 5; i++) await newInvoice(k);
    const r = await list(k, { page: 2, page_size: 2 });
    expect(r.body.data).toMatchObject({ total: 5, page: 2, page_size: 2, total_pages: 3 });
    expect(r.body.data!.items.map((i) => i.invoice_number)).toEqual(["INV-000003", "INV-000002"]);
    expect(await listNumbers(k, { page: 3, page_size: 2 })).toEqual(["INV-000001"]);
    expect(await listNumbers(k, { page: 4, page_size: 2 })).toEqual([]);
  });

  it("status filters by status; status=paused lists paused invoices whatever their status", async () => {
    const k = await key();
    await newInvoice(k); // 1 draft
    const sent = await newInvoice(k, { send: true }); // 2 sent
    const pausedSent = await newInvoice(k, { send: true }); // 3 sent, paused
    const cancelled = await newInvoice(k); // 4 cancelled
    const pausedPartial = await newInvoice(k, { send: true }); // 5 partial, paused
    await actOk(k, "pause", pausedSent.public_id);
    await actOk(k, "cancel", cancelled.public_id);
    await setRow(pausedPartial.public_id, { status: "partial", amountPaid: 100 });
    await actOk(k, "pause", pausedPartial.public_id);
    expect(sent.status).toBe("sent");
    expect(await listNumbers(k, { status: "draft" })).toEqual(["INV-000001"]);
    expect(await listNumbers(k, { status: "sent" })).toEqual(["INV-000003", "INV-000002"]);
    expect(await listNumbers(k, { status: "cancelled" })).toEqual(["INV-000004"]);
    expect(await listNumbers(k, { status: "partial" })).toEqual(["INV-000005"]);
    expect(await listNumbers(k, { status: "paused" })).toEqual(["INV-000005", "INV-000003"]);
    expect(await listNumbers(k, { status: "paid" })).toEqual([]);
    expect((await list(k, { status: "paused" })).body.data!.total).toBe(2);
  });

  it("search matches invoice number, customer name, customer email, merchant_reference and public id (case-insensitive, partial)", async () => {
    const k = await key();
    const a = await newInvoice(k, { customer_name: "Chidi Okafor", customer_email: "chidi@alpha.ng", merchant_reference: "ORDER-77" });
    await newInvoice(k, { customer_name: "Ngozi Eze", customer_email: "ngozi@beta.ng" });
    expect(await listNumbers(k, { search: "chidi okafor" })).toEqual(["INV-000001"]);
    expect(await listNumbers(k, { search: "BETA.ng" })).toEqual(["INV-000002"]);
    expect(await listNumbers(k, { search: "order-7" })).toEqual(["INV-000001"]);
    expect(await listNumbers(k, { search: "INV-000002" })).toEqual(["INV-000002"]);
    expect(await listNumbers(k, { search: a.public_id })).toEqual(["INV-000001"]);
    expect(await listNumbers(k, { search: "nobody" })).toEqual([]);
    expect(await listNumbers(k, { search: "%" })).toEqual([]);
  });

  it("search and status combine", async () => {
    const k = await key();
    await newInvoice(k, { customer_name: "Tunde A" });
    await newInvoice(k, { customer_name: "Tunde B", send: true });
    expect(await listNumbers(k, { search: "tunde", status: "sent" })).toEqual(["INV-000002"]);
  });

  it("bad query values: 400 Validation error naming the field", async () => {
    const k = await key();
    const r = await list(k, { status: "unpaid", page_size: 101, page: 0 });
    expect(r.status).toBe(400);
    expect(r.body.error!.details).toEqual(
      expect.arrayContaining([
        "status must be one of draft, sent, partial, paid, overdue, cancelled, paused",
        "page_size must be at most 100",
        "page must be at least 1",
      ]),
    );
  });
});

describe("invoice timeline and payments reads", () => {
  it("listInvoiceActivity: the timeline oldest first with its actors", async () => {
    const k = await key();
    const v = await newInvoice(k);
    await put(k, v.public_id, { note: "x" });
    await actOk(k, "send", v.public_id);
    await actOk(k, "pause", v.public_id);
    await actOk(k, "resume", v.public_id);
    await actOk(k, "cancel", v.public_id);
    const activity = await listInvoiceActivity(await getDb(), (await row(v.public_id)).id);
    expect(activity.map((a) => [a.type, a.actor])).toEqual([
      ["created", "api"],
      ["updated", "api"],
      ["sent", "api"],
      ["paused", "api"],
      ["resumed", "api"],
      ["cancelled", "api"],
    ]);
  });

  it("listInvoicePayments: the invoice's payments oldest first, only within the merchant and mode", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    const inv = await row(v.public_id);
    const db = await getDb();
    const base = {
      merchantId: k.merchantId,
      mode: "test" as const,
      channel: "bank_transfer",
      destinationKind: "invoice" as const,
      invoiceId: inv.id,
      settlementPayIdId: inv.settlementPayIdId,
    };
    const tag = Math.random().toString(36).slice(2);
    await db.insert(payments).values([
      { ...base, reference: `t1-${tag}`, amount: 1000, paidAt: new Date(Date.now() - 2000) },
      { ...base, reference: `t2-${tag}`, amount: 2000, paidAt: new Date(Date.now() - 1000) },
    ]);
    const got = await listInvoicePayments(db, { merchantId: k.merchantId, mode: "test", invoiceId: inv.id });
    expect(got.map((p) => p.reference)).toEqual([`t1-${tag}`, `t2-${tag}`]);
    expect(await listInvoicePayments(db, { merchantId: k.merchantId, mode: "live", invoiceId: inv.id })).toEqual([]);
    expect(await listInvoicePayments(db, { merchantId: (await key()).merchantId, mode: "test", invoiceId: inv.id })).toEqual([]);
  });
});
