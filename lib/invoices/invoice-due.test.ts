import { asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as pausePost } from "@/app/v1/checkout/invoice/[publicId]/pause/route";
import { POST as resumePost } from "@/app/v1/checkout/invoice/[publicId]/resume/route";
import { GET as oneGet } from "@/app/v1/checkout/invoice/[publicId]/route";
import { GET as listGet } from "@/app/v1/checkout/invoice/route";
import { POST as expirePost } from "@/app/v1/sandbox/expire/route";
import { getDb } from "@/db/client";
import { events, invoices, type Invoice } from "@/db/schema";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { call } from "@/tests/http";
import { createInvoiceOk, inDays, makeInvoiceKey as key, type TestKey } from "@/tests/invoices";
import { applyDueInvoices } from "./apply-invoice-due";
import { listInvoiceActivity } from "./invoice-activity";
import { lagosDay } from "@/lib/lagos-day";
import { dueAtFor } from "./invoice-dates";
import type { InvoiceView } from "./invoice-view";

afterAll(() => afterCommitDeliveriesSettled());

const BODY = {
  customer_name: "Ada Obi",
  customer_email: "ada@example.com",
  line_items: [{ description: "Design work", quantity: 1, unit_price: 100_000 }],
  due_date: inDays(7),
};

const newInvoice = (k: TestKey, json: Record<string, unknown> = {}) => createInvoiceOk(k, { ...BODY, ...json });
const getOne = (k: TestKey, publicId: string) =>
  call<InvoiceView>(oneGet, { path: `/v1/checkout/invoice/${publicId}`, key: k.secretKey, params: { publicId } });
const action = (handler: typeof pausePost, name: string) => (k: TestKey, publicId: string) =>
  call<InvoiceView>(handler, { method: "POST", path: `/v1/checkout/invoice/${publicId}/${name}`, key: k.secretKey, params: { publicId } });
const pause = action(pausePost, "pause");
const resume = action(resumePost, "resume");
const expire = (k: TestKey | string, json: unknown) =>
  call<{ resource: string; id: string; expires_at: string }>(expirePost, {
    method: "POST",
    path: "/v1/sandbox/expire",
    key: typeof k === "string" ? k : k.secretKey,
    json,
  });

const row = async (publicId: string): Promise<Invoice> => (await (await getDb()).select().from(invoices).where(eq(invoices.publicId, publicId)))[0]!;
const setRow = async (publicId: string, changes: Partial<typeof invoices.$inferInsert>) =>
  (await getDb()).update(invoices).set(changes).where(eq(invoices.publicId, publicId));
/** Time passing: the due date is behind us. */
const makeDue = (publicId: string, changes: Partial<typeof invoices.$inferInsert> = {}) => setRow(publicId, { dueAt: new Date(Date.now() - 1000), ...changes });
const keyEvents = async (k: TestKey) => (await getDb()).select().from(events).where(eq(events.keyPairId, k.keyPair.id)).orderBy(asc(events.seq));
const eventTypes = async (k: TestKey) => (await keyEvents(k)).map((e) => e.type);
const activity = async (publicId: string) => listInvoiceActivity(await getDb(), (await row(publicId)).id);

describe("due-date job (invoice_due_dates)", () => {
  it("a sent invoice past its due date becomes overdue: overdue_at and due_handled_at set, 'overdue' by the scheduler, no webhook", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await makeDue(v.public_id);
    await applyDueInvoices(await getDb());
    const r = await row(v.public_id);
    expect(r).toMatchObject({ status: "overdue", paused: false });
    expect(r.overdueAt).not.toBeNull();
    expect(r.dueHandledAt).not.toBeNull();
    expect((await activity(v.public_id)).at(-1)).toMatchObject({ type: "overdue", actor: "scheduler" });
    expect(await eventTypes(k)).toEqual(["invoice.created", "invoice.sent"]);
  });

  it("a partial invoice past its due date becomes overdue, amount_paid kept", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true, allow_partial_payments: true });
    await makeDue(v.public_id, { status: "partial", amountPaid: 40_000 });
    await applyDueInvoices(await getDb());
    expect(await row(v.public_id)).toMatchObject({ status: "overdue", amountPaid: 40_000 });
    expect((await getOne(k, v.public_id)).body.data).toMatchObject({ status: "overdue", amount_paid: 40_000, amount_remaining: 60_000 });
  });

  it("due_date_action pause: paused (status kept), invoice.paused with the limited payload, 'paused' (due_date) on the timeline", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true, due_date_action: "pause" });
    await makeDue(v.public_id);
    await applyDueInvoices(await getDb());
    const r = await row(v.public_id);
    expect(r).toMatchObject({ status: "sent", paused: true });
    expect(r.pausedAt).not.toBeNull();
    const sent = await keyEvents(k);
    expect(sent.map((e) => e.type)).toEqual(["invoice.created", "invoice.sent", "invoice.paused"]);
    expect(sent[2]!.data).toEqual({
      public_id: v.public_id,
      invoice_number: v.invoice_number,
      status: "sent",
      total: 100_000,
      amount_paid: 0,
      currency: "NGN",
    });
    expect((await activity(v.public_id)).at(-1)).toMatchObject({ type: "paused", actor: "scheduler", data: { reason: "due_date" } });
  });

  it("the job run twice moves the invoice once: one invoice.paused, one timeline line", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true, due_date_action: "pause" });
    await makeDue(v.public_id);
    const db = await getDb();
    await applyDueInvoices(db);
    await applyDueInvoices(db);
    expect((await eventTypes(k)).filter((t) => t === "invoice.paused")).toHaveLength(1);
    expect((await activity(v.public_id)).filter((a) => a.type === "paused")).toHaveLength(1);
  });

  it("the job and lazy reads racing move the invoice once: one invoice.paused", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true, due_date_action: "pause" });
    await makeDue(v.public_id);
    const db = await getDb();
    const reads = await Promise.all([applyDueInvoices(db), getOne(k, v.public_id), getOne(k, v.public_id), applyDueInvoices(db), getOne(k, v.public_id)]);
    for (const r of [reads[1], reads[2], reads[4]]) expect(r.body.data).toMatchObject({ status: "sent", paused: true });
    expect((await eventTypes(k)).filter((t) => t === "invoice.paused")).toHaveLength(1);
    expect((await activity(v.public_id)).filter((a) => a.type === "paused")).toHaveLength(1);
  });

  it("the job and lazy reads racing make an invoice overdue once", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await makeDue(v.public_id);
    const db = await getDb();
    await Promise.all([applyDueInvoices(db), getOne(k, v.public_id), applyDueInvoices(db), getOne(k, v.public_id)]);
    expect((await activity(v.public_id)).filter((a) => a.type === "overdue")).toHaveLength(1);
  });

  it("an invoice already paused by hand: the due date with action pause sends no second invoice.paused", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true, due_date_action: "pause" });
    expect((await pause(k, v.public_id)).status).toBe(200);
    await makeDue(v.public_id);
    await applyDueInvoices(await getDb());
    expect((await row(v.public_id)).dueHandledAt).not.toBeNull();
    expect((await eventTypes(k)).filter((t) => t === "invoice.paused")).toHaveLength(1);
  });

  it("a draft past its due date is not touched", async () => {
    const k = await key();
    const v = await newInvoice(k, { due_date_action: "pause" });
    await makeDue(v.public_id);
    await applyDueInvoices(await getDb());
    expect(await row(v.public_id)).toMatchObject({ status: "draft", paused: false, dueHandledAt: null });
    expect((await getOne(k, v.public_id)).body.data).toMatchObject({ status: "draft", paused: false });
  });

  it.each(["paid", "cancelled", "overdue"] as const)("a %s invoice past its due date is not touched", async (status) => {
    const k = await key();
    const v = await newInvoice(k, { send: true, due_date_action: "pause" });
    await makeDue(v.public_id, { status });
    await applyDueInvoices(await getDb());
    expect(await row(v.public_id)).toMatchObject({ status, paused: false, dueHandledAt: null });
  });

  it("an invoice due today is not overdue before the end of the day in Lagos", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true, due_date: lagosDay() });
    expect((await row(v.public_id)).dueAt.getTime()).toBe(dueAtFor(lagosDay()).getTime());
    await applyDueInvoices(await getDb());
    expect((await getOne(k, v.public_id)).body.data!.status).toBe("sent");
  });

  it("resuming an invoice its due date paused leaves it open: the job does not pause it again", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true, due_date_action: "pause" });
    await makeDue(v.public_id);
    await applyDueInvoices(await getDb());
    const r = await resume(k, v.public_id);
    expect(r.body.data).toMatchObject({ status: "sent", paused: false });
    await applyDueInvoices(await getDb());
    expect(await row(v.public_id)).toMatchObject({ status: "sent", paused: false });
    expect((await eventTypes(k)).filter((t) => t === "invoice.paused")).toHaveLength(1);
  });
});

describe("due date applied lazily on reads and before changes", () => {
  it("GET applies a passed due date before answering (status overdue), recorded once with actor api", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await makeDue(v.public_id);
    expect((await getOne(k, v.public_id)).body.data!.status).toBe("overdue");
    expect((await getOne(k, v.public_id)).body.data!.status).toBe("overdue");
    expect((await activity(v.public_id)).filter((a) => a.type === "overdue").map((a) => a.actor)).toEqual(["api"]);
  });

  it("the list applies passed due dates first, so status=overdue finds them", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await makeDue(v.public_id);
    const r = await call<{ items: InvoiceView[]; total: number }>(listGet, { path: "/v1/checkout/invoice?status=overdue", key: k.secretKey });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data!.items.map((i) => i.public_id)).toEqual([v.public_id]);
    expect((await row(v.public_id)).status).toBe("overdue");
  });

  it("the list applies due_date_action pause too: status=paused finds it, invoice.paused sent once", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true, due_date_action: "pause" });
    await makeDue(v.public_id);
    const r = await call<{ items: InvoiceView[] }>(listGet, { path: "/v1/checkout/invoice?status=paused", key: k.secretKey });
    expect(r.body.data!.items.map((i) => i.public_id)).toEqual([v.public_id]);
    await call(listGet, { path: "/v1/checkout/invoice", key: k.secretKey });
    expect((await eventTypes(k)).filter((t) => t === "invoice.paused")).toHaveLength(1);
  });

  it("pause on an invoice whose due date just paused it: 400 'This invoice is already paused.', and the due-date pause stays (one invoice.paused)", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true, due_date_action: "pause" });
    await makeDue(v.public_id);
    const r = await pause(k, v.public_id);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "INVALID_STATE", message: "This invoice is already paused." });
    expect(await row(v.public_id)).toMatchObject({ paused: true, status: "sent" });
    expect((await row(v.public_id)).dueHandledAt).not.toBeNull();
    expect((await eventTypes(k)).filter((t) => t === "invoice.paused")).toHaveLength(1);
    expect((await activity(v.public_id)).at(-1)).toMatchObject({ type: "paused", data: { reason: "due_date" } });
  });

  it("pause on an overdue-due invoice: overdue first, then paused with status overdue in invoice.paused", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await makeDue(v.public_id);
    const r = await pause(k, v.public_id);
    expect(r.body.data).toMatchObject({ status: "overdue", paused: true });
    expect((await keyEvents(k)).at(-1)!.data).toMatchObject({ status: "overdue" });
    expect((await activity(v.public_id)).map((a) => a.type)).toEqual(["created", "sent", "overdue", "paused"]);
  });
});

describe("POST /v1/sandbox/expire with resource invoice", () => {
  it("sets the due date to today (Lagos) and the due instant to now; answers {resource, id, expires_at}", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    const before = Date.now();
    const r = await expire(k, { resource: "invoice", id: v.public_id });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body.data!).sort()).toEqual(["expires_at", "id", "resource"]);
    expect(r.body.data).toMatchObject({ resource: "invoice", id: v.public_id });
    const at = Date.parse(r.body.data!.expires_at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    const stored = await row(v.public_id);
    expect(stored.dueAt.toISOString()).toBe(r.body.data!.expires_at);
    expect(stored.dueDate).toBe(lagosDay());
  });

  it("the next read applies it: overdue (or paused with due_date_action pause)", async () => {
    const k = await key();
    const a = await newInvoice(k, { send: true });
    const b = await newInvoice(k, { send: true, due_date_action: "pause" });
    expect((await expire(k, { resource: "invoice", id: a.public_id })).status).toBe(200);
    expect((await expire(k, { resource: "invoice", id: b.public_id })).status).toBe(200);
    expect((await getOne(k, a.public_id)).body.data).toMatchObject({ status: "overdue", due_date: lagosDay() });
    expect((await getOne(k, b.public_id)).body.data).toMatchObject({ status: "sent", paused: true });
    expect((await eventTypes(k)).filter((t) => t === "invoice.paused")).toHaveLength(1);
  });

  it("the next scheduler pass applies it too", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    await expire(k, { resource: "invoice", id: v.public_id });
    await applyDueInvoices(await getDb());
    expect((await row(v.public_id)).status).toBe("overdue");
  });

  it("a draft expired stays a draft", async () => {
    const k = await key();
    const v = await newInvoice(k);
    expect((await expire(k, { resource: "invoice", id: v.public_id })).status).toBe(200);
    await applyDueInvoices(await getDb());
    expect((await getOne(k, v.public_id)).body.data!.status).toBe("draft");
  });

  it("another merchant's invoice or an unknown id: 404, nothing changed", async () => {
    const k = await key();
    const v = await newInvoice(k, { send: true });
    const dueAt = (await row(v.public_id)).dueAt;
    const stranger = await key();
    for (const id of [v.public_id, "inv_unknown"]) {
      const r = await expire(stranger, { resource: "invoice", id });
      expect(r.status).toBe(404);
      expect(r.body.error).toEqual({ code: "NOT_FOUND", message: `No invoice ${id} for this key.` });
    }
    expect((await row(v.public_id)).dueAt).toEqual(dueAt);
  });

  it("a live key: 403 SANDBOX_ONLY", async () => {
    const k = await key({ mode: "live" });
    const v = await newInvoice(k, { send: true });
    const r = await expire(k, { resource: "invoice", id: v.public_id });
    expect(r.status).toBe(403);
    expect(r.body.error!.code).toBe("SANDBOX_ONLY");
    expect((await row(v.public_id)).dueDate).toBe(BODY.due_date);
  });
});
