import { and, asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as oneGet, PATCH as onePatch, PUT as onePut } from "@/app/v1/checkout/payment-links/[id]/route";
import { GET as listGet, POST as createPost } from "@/app/v1/checkout/payment-links/route";
import { GET as verifyGet } from "@/app/v1/checkout/session/[sessionId]/verify/route";
import { getDb } from "@/db/client";
import { checkoutSessions, events, payments } from "@/db/schema";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { simulateCheckoutPayment } from "@/lib/hosted/simulate-checkout-payment";
import { selectPaymentMethod } from "@/lib/sessions/select-payment-method";
import { makeKey } from "@/tests/factories";
import { call } from "@/tests/http";
import { linkPayments } from "./link-payments";
import type { PaymentLinkView } from "./payment-link-view";
import { createPaymentLink } from "./payment-links";
import { LINK_PAYMENT_LIMITS, startLinkPayment } from "./start-link-payment";

afterAll(() => afterCommitDeliveriesSettled());

type TestKey = Awaited<ReturnType<typeof makeKey>>;
type Page = { items: PaymentLinkView[]; total: number; page: number; page_size: number; total_pages: number };

const BASE = "http://localhost";
const key = (opts: Parameters<typeof makeKey>[0] = {}) => makeKey({ ...opts, config: { rateLimit: 10_000, ...opts.config } });

const create = (k: TestKey, json: unknown) => call<PaymentLinkView>(createPost, { method: "POST", path: "/v1/checkout/payment-links", key: k.secretKey, json });
async function createOk(k: TestKey, json: Record<string, unknown>): Promise<PaymentLinkView> {
  const r = await create(k, json);
  expect(r.status, r.text).toBe(200);
  return r.body.data!;
}
const getOne = (k: TestKey, id: string) => call<PaymentLinkView>(oneGet, { path: `/v1/checkout/payment-links/${id}`, key: k.secretKey, params: { id } });
const update = (k: TestKey, id: string, json: unknown, method: "PUT" | "PATCH" = "PATCH") =>
  call<PaymentLinkView>(method === "PUT" ? onePut : onePatch, { method, path: `/v1/checkout/payment-links/${id}`, key: k.secretKey, params: { id }, json });
function list(k: TestKey, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([a, b]) => [a, String(b)])).toString();
  return call<Page>(listGet, { path: `/v1/checkout/payment-links${qs ? `?${qs}` : ""}`, key: k.secretKey });
}

const CUSTOMER = { customer_name: "Bola Adeyemi", email: "bola@example.com" };

/** A customer pays through the link's page: the session it starts, paid by the sandbox bank as the hosted checkout's "Simulate payment" does. */
async function payThroughLink(slug: string, input: { amount?: string; quantity?: number; phone?: string; address?: string }) {
  const db = await getDb();
  const started = await startLinkPayment(db, { slug, quantity: 1, ...CUSTOMER, ...input, baseUrl: BASE });
  await selectPaymentMethod(db, { sessionId: started.sessionId, owner: null, method: "bank_transfer", baseUrl: BASE });
  const paid = await simulateCheckoutPayment(db, { sessionId: started.sessionId, method: "bank_transfer" });
  return { ...started, reference: paid.reference };
}

const chargeSuccess = async (keyPairId: string, reference: string) => {
  const rows = await (
    await getDb()
  )
    .select()
    .from(events)
    .where(and(eq(events.keyPairId, keyPairId), eq(events.type, "charge.success")))
    .orderBy(asc(events.seq));
  return rows.map((e) => e.data).find((d) => d.reference === reference);
};

describe("/v1/checkout/payment-links: create, get, list, update", () => {
  it("creates a fixed-amount link with a short /l/<slug> address, and gets it back", async () => {
    const k = await key();
    const link = await createOk(k, {
      title: "Ankara tote bag",
      description: "Hand-made in Aba",
      amount: 1_250_000,
      allow_quantity: true,
      collect_fields: ["phone", "address", "phone"],
    });
    expect(link).toMatchObject({
      title: "Ankara tote bag",
      amount_type: "fixed",
      amount: 1_250_000,
      min_amount: null,
      max_amount: null,
      collect_fields: ["phone", "address"],
      allow_quantity: true,
      is_active: true,
      source: "api",
      api_key_id: k.keyPair.id,
    });
    expect(link.slug).toMatch(/^[a-z0-9]{10}$/);
    expect(link.url).toBe(`http://localhost/l/${link.slug}`);
    const got = await getOne(k, link.id);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(link);
  });

  it("a link with no amount lets the customer choose from min_amount (default 100 kobo) to max_amount (none by default)", async () => {
    const k = await key();
    expect(await createOk(k, { title: "Tips" })).toMatchObject({ amount_type: "customer_choice", amount: null, min_amount: 100, max_amount: null });
    expect(await createOk(k, { title: "Donation", min_amount: 100_000, max_amount: 5_000_000 })).toMatchObject({ min_amount: 100_000, max_amount: 5_000_000 });
  });

  it("refuses a bad body in the envelope, naming each problem: title, amounts in kobo, min above max, both kinds of amount, a non-http redirect", async () => {
    const k = await key();
    const cases: [unknown, string][] = [
      [{}, "title is required"],
      [{ title: "X", amount: 50 }, "amount must be an integer of at least 100"],
      [{ title: "X", amount: 1500.5 }, "amount must be an integer number of kobo"],
      [{ title: "X", amount: -100 }, "amount must be an integer of at least 100"],
      [{ title: "X", min_amount: 500_000, max_amount: 100_000 }, "min_amount must not be more than max_amount"],
      [
        { title: "X", amount: 100_000, max_amount: 500_000 },
        "Give either amount (a fixed price) or min_amount and max_amount (the customer chooses), not both",
      ],
      [{ title: "X", redirect_url: "javascript:alert(1)" }, "redirect_url must be an http or https URL"],
      [{ title: "X", collect_fields: ["bvn"] }, "collect_fields must be among phone, address"],
    ];
    for (const [json, detail] of cases) {
      const r = await create(k, json);
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.error?.details, JSON.stringify(json)).toContain(detail);
    }
  });

  it("lists the key's merchant's links of its mode, newest first, paged, searchable by title, filterable by is_active", async () => {
    const k = await key();
    const a = await createOk(k, { title: "Jollof tray", amount: 2_000_000 });
    const b = await createOk(k, { title: "Small chops", amount: 1_500_000, is_active: false });
    const c = await createOk(k, { title: "Zobo drink" });
    const first = await list(k, { page_size: 2 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 3, page: 1, page_size: 2, total_pages: 2 });
    expect(first.body.data!.items.map((l) => l.id)).toEqual([c.id, b.id]);
    expect((await list(k, { page: 2, page_size: 2 })).body.data!.items.map((l) => l.id)).toEqual([a.id]);
    expect((await list(k, { search: "jollof" })).body.data!.items.map((l) => l.id)).toEqual([a.id]);
    expect((await list(k, { is_active: "false" })).body.data!.items.map((l) => l.id)).toEqual([b.id]);
    // The live key of the same merchant sees none of them: links are mode-scoped.
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    expect((await list(live)).body.data!.total).toBe(0);
  });

  it("updates only the fields given (PUT and PATCH), switching between a fixed amount and the customer's choice", async () => {
    const k = await key();
    const link = await createOk(k, { title: "Ankara tote bag", amount: 1_250_000 });
    const renamed = await update(k, link.id, { title: "Aso-oke tote", is_active: false }, "PUT");
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data).toMatchObject({ title: "Aso-oke tote", is_active: false, amount: 1_250_000, slug: link.slug });
    const chooses = await update(k, link.id, { amount: null, min_amount: 50_000 });
    expect(chooses.body.data).toMatchObject({ amount_type: "customer_choice", amount: null, min_amount: 50_000, max_amount: null });
    const capped = await update(k, link.id, { max_amount: 40_000 });
    expect(capped.status).toBe(400);
    expect(capped.body.error?.details).toContain("min_amount must not be more than max_amount");
    const fixed = await update(k, link.id, { amount: 900_000 });
    expect(fixed.body.data).toMatchObject({ amount_type: "fixed", amount: 900_000, min_amount: null, max_amount: null });
    const rangeOnFixed = await update(k, link.id, { max_amount: 1_000_000 });
    expect(rangeOnFixed.status).toBe(400);
    expect(rangeOnFixed.body.error?.details?.[0]).toMatch(/send amount: null with them/);
  });

  it("another merchant's link, the other mode's link and a malformed id all answer 404 NOT_FOUND, and cannot be updated", async () => {
    const k = await key();
    const link = await createOk(k, { title: "Ankara tote bag", amount: 1_250_000 });
    const stranger = await key();
    const live = await key({ merchantId: k.merchantId, mode: "live" });
    for (const [who, id] of [
      [stranger, link.id],
      [live, link.id],
      [k, "not-a-uuid"],
    ] as const) {
      const r = await getOne(who, id);
      expect(r.status).toBe(404);
      expect(r.body.error?.code).toBe("NOT_FOUND");
      expect((await update(who, id, { title: "Mine now" })).status).toBe(404);
    }
    expect((await getOne(k, link.id)).body.data!.title).toBe("Ankara tote bag");
  });
});

describe("paying through a link: one checkout session, amount rules, charge.success metadata", () => {
  it("a customer's chosen amount within the range × quantity becomes one session; charge.success carries the link's id and what was collected", async () => {
    const k = await key();
    const link = await createOk(k, {
      title: "Donation",
      min_amount: 100_000,
      max_amount: 5_000_000,
      allow_quantity: true,
      collect_fields: ["phone", "address"],
      metadata: { campaign: "yaba" },
    });
    const paid = await payThroughLink(link.slug, { amount: "2,500", quantity: 2, phone: "0803 123 4567", address: "12 Herbert Macaulay Way, Yaba" });
    expect(paid.checkoutUrl).toBe(`${BASE}/pay/${paid.sessionId}`);

    const db = await getDb();
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, paid.sessionId));
    expect(session).toMatchObject({
      amount: 500_000,
      paymentLinkId: link.id,
      keyPairId: k.keyPair.id,
      status: "completed",
      customerEmail: CUSTOMER.email,
      customerName: CUSTOMER.customer_name,
    });

    const event = await chargeSuccess(k.keyPair.id, paid.reference);
    expect(event).toMatchObject({
      amount: 500_000,
      session_id: paid.sessionId,
      customer: { email: CUSTOMER.email, name: CUSTOMER.customer_name },
      metadata: {
        campaign: "yaba",
        payment_link_id: link.id,
        payment_link_slug: link.slug,
        quantity: 2,
        unit_amount: 250_000,
        phone: "0803 123 4567",
        address: "12 Herbert Macaulay Way, Yaba",
      },
      line_items: [{ name: "Donation", quantity: 2, amount: 250_000 }],
    });

    const through = await linkPayments(db, { merchantId: k.merchantId, mode: "test", linkId: link.id });
    expect(through).toMatchObject({ count: 1, total: 500_000 });
    expect(through.recent[0]).toMatchObject({ reference: paid.reference, amount: 500_000, status: "completed" });
  });

  it("refuses an amount outside the link's range, zero, a third decimal, or none, in words, and starts no session", async () => {
    const k = await key();
    const link = await createOk(k, { title: "Donation", min_amount: 100_000, max_amount: 5_000_000 });
    const db = await getDb();
    const refusals: [string | undefined, string][] = [
      ["999.99", "The smallest amount you can pay here is ₦1,000.00"],
      ["50,000.01", "The largest amount you can pay here is ₦50,000.00"],
      ["0", "Enter an amount greater than ₦0.00"],
      ["1000.005", "Use at most two decimal places (kobo)"],
      [undefined, "Enter the amount you want to pay"],
    ];
    for (const [amount, message] of refusals) {
      await expect(startLinkPayment(db, { slug: link.slug, amount, quantity: 1, ...CUSTOMER, baseUrl: BASE })).rejects.toMatchObject({ status: 400, message });
    }
    // Both ends are allowed.
    await startLinkPayment(db, { slug: link.slug, amount: "1000", quantity: 1, ...CUSTOMER, baseUrl: BASE });
    await startLinkPayment(db, { slug: link.slug, amount: "50000.00", quantity: 1, ...CUSTOMER, baseUrl: BASE });
    const sessions = await db.select().from(checkoutSessions).where(eq(checkoutSessions.paymentLinkId, link.id));
    expect(sessions.map((s) => s.amount).sort()).toEqual([100_000, 5_000_000]);
  });

  it("a fixed link ignores the amount sent; without allow_quantity the quantity is 1; a required phone must be given", async () => {
    const k = await key();
    const link = await createOk(k, { title: "Ankara tote bag", amount: 1_250_000, collect_fields: ["phone"] });
    const db = await getDb();
    await expect(startLinkPayment(db, { slug: link.slug, quantity: 1, ...CUSTOMER, baseUrl: BASE })).rejects.toMatchObject({
      status: 400,
      message: "Enter your phone number, like 0803 123 4567",
    });
    const started = await startLinkPayment(db, { slug: link.slug, amount: "1", quantity: 5, phone: "+2348031234567", ...CUSTOMER, baseUrl: BASE });
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, started.sessionId));
    expect(session!.amount).toBe(1_250_000);
    expect(session!.metadata).toMatchObject({ quantity: 1, phone: "+2348031234567" });
  });

  it("an inactive link takes no payment: INVALID_STATE 'This link is not accepting payments.'", async () => {
    const k = await key();
    const link = await createOk(k, { title: "Ankara tote bag", amount: 1_250_000, is_active: false });
    await expect(startLinkPayment(await getDb(), { slug: link.slug, quantity: 1, ...CUSTOMER, baseUrl: BASE })).rejects.toMatchObject({
      code: "INVALID_STATE",
      message: "This link is not accepting payments.",
    });
  });

  it("a dashboard link (no key pair) makes sessions with no key; its charge.success goes to the keys of the wallet it settles to", async () => {
    const k = await key();
    const db = await getDb();
    const link = await createPaymentLink(db, {
      merchantId: k.merchantId,
      mode: "test",
      keyPairId: null,
      settlementPayIdId: null,
      source: "dashboard",
      body: { title: "Zobo drink", amount: 50_000, collect_fields: [], allow_quantity: false, is_active: true },
    });
    const paid = await payThroughLink(link.slug, {});
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, paid.sessionId));
    expect(session).toMatchObject({ keyPairId: null, paymentLinkId: link.id, settlementPayIdId: link.settlementPayIdId });
    const [payment] = await db.select().from(payments).where(eq(payments.reference, paid.reference));
    expect(payment).toMatchObject({
      amount: 50_000,
      sessionId: paid.sessionId,
      keyPairId: null,
      metadata: expect.objectContaining({ payment_link_id: link.id }),
    });
    expect(await chargeSuccess(k.keyPair.id, paid.reference)).toMatchObject({ metadata: expect.objectContaining({ payment_link_id: link.id }) });
    // The key that heard it can verify the session (no key pair owns it); another merchant's key cannot see it.
    const verify = (who: TestKey) =>
      call<{ status: string }>(verifyGet, { path: `/v1/checkout/session/${paid.sessionId}/verify`, key: who.secretKey, params: { sessionId: paid.sessionId } });
    const verified = await verify(k);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.data!.status).toBe("completed");
    expect((await verify(await key())).status).toBe(404);
  });

  it("the public page is metered: past the hourly count for one customer email, 429 and no session", async () => {
    const k = await key();
    const link = await createOk(k, { title: "Zobo drink", amount: 50_000 });
    const db = await getDb();
    const email = `buyer-${link.slug}@example.com`;
    const clientIp = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const start = () => startLinkPayment(db, { slug: link.slug, quantity: 1, customer_name: "Bola", email, baseUrl: BASE, clientIp });
    for (let i = 0; i < LINK_PAYMENT_LIMITS.perEmail; i++) await start();
    await expect(start()).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many payments started from here\. Try again in \d+ minutes?\.$/),
    });
    const sessions = await db.select().from(checkoutSessions).where(eq(checkoutSessions.paymentLinkId, link.id));
    expect(sessions).toHaveLength(LINK_PAYMENT_LIMITS.perEmail);
  });

  it("a payment is counted on its own link only: another link of the same merchant shows none", async () => {
    const k = await key();
    const one = await createOk(k, { title: "One", amount: 10_000 });
    const other = await createOk(k, { title: "Other", amount: 10_000 });
    await payThroughLink(one.slug, {});
    const db = await getDb();
    expect(await linkPayments(db, { merchantId: k.merchantId, mode: "test", linkId: other.id })).toMatchObject({ count: 0, total: 0, recent: [] });
    // Nor does another merchant asking for the link's id.
    const stranger = await key();
    expect(await linkPayments(db, { merchantId: stranger.merchantId, mode: "test", linkId: one.id })).toMatchObject({ count: 0, total: 0 });
  });
});
