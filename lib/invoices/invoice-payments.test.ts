import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as pay } from "@/app/v1/sandbox/payments/route";
import { getDb } from "@/db/client";
import { dynamicPayIds, events, invoiceActivity, invoices, payments, virtualAccounts, type Invoice, type Mode } from "@/db/schema";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { walletBalance } from "@/lib/ledger/accounts";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { armPause } from "@/tests/pause-points";
import { makeKey } from "@/tests/factories";
import { call } from "@/tests/http";
import { inDays, type TestKey } from "@/tests/invoices";
import { closeLockObserver, lockObserver } from "@/tests/lock-observer";
import { rowLockHolder, untilArrived } from "@/tests/lock-waits";
import { cancelInvoice } from "./cancel-invoice";
import { createInvoice } from "./create-invoice";
import { ensureInvoiceInstrument } from "./ensure-invoice-instrument";
import { lagosDay } from "@/lib/lagos-day";
import { CreateInvoiceBody } from "./invoice-input";
import { pauseInvoice } from "./pause-invoice";
import { payInvoice } from "@/lib/payments/pay-invoice";

afterAll(() => afterCommitDeliveriesSettled());
afterAll(closeLockObserver);

const PAY = "/v1/sandbox/payments";
type PayAnswer = { reference: string; channel: string; amount: number; status: string };

const db = () => getDb();

/** An invoice of `total` kobo (one line, no tax) made by a fresh test key, sent unless told otherwise. */
async function invoiceOf(total: number, opts: { partial?: boolean; send?: boolean; mode?: Mode; key?: TestKey; dueDateAction?: "none" | "pause" } = {}) {
  const key = opts.key ?? (await makeKey({ mode: opts.mode, config: { rateLimit: 10_000 } }));
  const invoice = await createInvoice(await db(), {
    merchantId: key.merchantId,
    mode: key.keyPair.mode,
    keyPairId: key.keyPair.id,
    settlementPayIdId: key.keyPair.settlementPayIdId,
    source: "api",
    baseUrl: "http://localhost:3000",
    body: CreateInvoiceBody.parse({
      customer_name: "Ada Obi",
      customer_email: "ada@example.com",
      line_items: [{ description: "Design work", quantity: 1, unit_price: total }],
      due_date: inDays(14),
      allow_partial_payments: opts.partial ?? false,
      due_date_action: opts.dueDateAction ?? "none",
      merchant_reference: `ord-${Math.random().toString(36).slice(2)}`,
      metadata: { order: 42 },
      send: opts.send ?? true,
    }),
  });
  return { key, invoice, settlementPayIdId: key.keyPair.settlementPayIdId! };
}

const sandboxPay = (key: TestKey | string, json: Record<string, unknown>) =>
  call<PayAnswer>(pay, { method: "POST", path: PAY, key: typeof key === "string" ? key : key.secretKey, json });

const payByInvoice = (key: TestKey, invoice: Invoice, amount: number, channel: "bank_transfer" | "payid" = "bank_transfer", payer = { name: "Bola Ade" }) =>
  sandboxPay(key, { invoice_id: invoice.publicId, channel, amount, payer });

async function reload(invoice: Invoice): Promise<Invoice> {
  const [row] = await (await db()).select().from(invoices).where(eq(invoices.id, invoice.id));
  return row!;
}

const paymentsOf = async (invoice: Invoice) => (await db()).select().from(payments).where(eq(payments.invoiceId, invoice.id)).orderBy(asc(payments.paidAt));
const balanceOf = async (payIdId: string) => walletBalance(await db(), { payIdId });
const activityOf = async (invoice: Invoice) =>
  (await db()).select().from(invoiceActivity).where(eq(invoiceActivity.invoiceId, invoice.id)).orderBy(asc(invoiceActivity.createdAt), asc(invoiceActivity.id));

/** The events a key pair was sent, in their order (seq). */
async function eventsOf(keyPairId: string) {
  return (await db()).select().from(events).where(eq(events.keyPairId, keyPairId)).orderBy(asc(events.seq));
}

/** Moves the due date to now (what POST /v1/sandbox/expire does for an invoice). */
async function makeDue(invoice: Invoice) {
  await (
    await db()
  )
    .update(invoices)
    .set({ dueAt: sql`now()`, dueDate: lagosDay() })
    .where(eq(invoices.id, invoice.id));
}

async function expectRefused(r: Awaited<ReturnType<typeof sandboxPay>>, code: string, message?: string) {
  expect(r.status).toBe(400);
  expect(r.body.error).toMatchObject({ code, ...(message ? { message } : {}) });
}

/** Nothing was booked for the invoice: no payment row, no money in the wallet, amount_paid unchanged. */
async function expectNothingBooked(invoice: Invoice, settlementPayIdId: string) {
  expect(await paymentsOf(invoice)).toEqual([]);
  expect(await balanceOf(settlementPayIdId)).toBe(0);
  expect((await reload(invoice)).amountPaid).toBe(invoice.amountPaid);
}

describe("invoice events on payment", () => {
  it("a partial then a final payment: charge.success, invoice.payment_received (each payment), then invoice.paid after the final one, in that order, with exact payload fields", async () => {
    const { key, invoice } = await invoiceOf(1_000_000, { partial: true });
    const first = await payByInvoice(key, invoice, 400_000, "bank_transfer", { name: "Bola Ade" });
    expect(first.status).toBe(200);
    const second = await payByInvoice(key, invoice, 600_000, "payid", { name: "Chidi Eze" });
    expect(second.status).toBe(200);

    const sent = await eventsOf(key.keyPair.id);
    expect(sent.map((e) => e.type)).toEqual([
      "invoice.created",
      "invoice.sent",
      "charge.success",
      "invoice.payment_received",
      "charge.success",
      "invoice.payment_received",
      "invoice.paid",
    ]);
    const after = await reload(invoice);
    const base = {
      public_id: invoice.publicId,
      invoice_number: invoice.invoiceNumber,
      customer_name: "Ada Obi",
      customer_email: "ada@example.com",
      subtotal: 1_000_000,
      tax_rate: 0,
      tax_amount: 0,
      total: 1_000_000,
      currency: "NGN",
      due_date: invoice.dueDate,
      issued_at: invoice.issuedAt!.toISOString(),
      merchant_reference: invoice.merchantReference,
      metadata: { order: 42 },
      payment_url: invoice.paymentUrl,
    };
    expect(sent[3]!.data).toEqual({
      ...base,
      status: "partial",
      amount_paid: 400_000,
      paid_at: null,
      payment_amount: 400_000,
      amount_remaining: 600_000,
      is_partial: true,
      is_fully_paid: false,
      invoice_status: "partial",
      allow_partial_payments: true,
      payer_name: "Bola Ade",
      payment_channel: "bank_transfer",
    });
    expect(sent[5]!.data).toEqual({
      ...base,
      status: "paid",
      amount_paid: 1_000_000,
      paid_at: after.paidAt!.toISOString(),
      payment_amount: 600_000,
      amount_remaining: 0,
      is_partial: false,
      is_fully_paid: true,
      invoice_status: "paid",
      allow_partial_payments: true,
      payer_name: "Chidi Eze",
      payment_channel: "payid",
    });
    expect(sent[6]!.data).toEqual({ ...base, status: "paid", amount_paid: 1_000_000, paid_at: after.paidAt!.toISOString() });
  });

  it("charge.success for an invoice payment carries the invoice's merchant_reference, customer and metadata, line_items null, invoice_id (public id), and fees by channel", async () => {
    const { key, invoice } = await invoiceOf(1_000_000, { partial: true });
    const byBank = await payByInvoice(key, invoice, 300_000, "bank_transfer", { name: "Bola Ade" });
    const byPayId = await payByInvoice(key, invoice, 200_000, "payid", { name: "Bola Ade" });
    const charges = (await eventsOf(key.keyPair.id)).filter((e) => e.type === "charge.success");
    expect(charges.map((c) => c.data.reference)).toEqual([byBank.body.data!.reference, byPayId.body.data!.reference]);
    expect(charges[0]!.data).toMatchObject({
      amount: 300_000,
      currency: "NGN",
      status: "completed",
      channel: "bank_transfer",
      merchant_reference: invoice.merchantReference,
      customer: { email: "ada@example.com", name: "Ada Obi" },
      metadata: { order: 42 },
      line_items: null,
      invoice_id: invoice.publicId,
      fees: 3_000,
      payer: { name: "Bola Ade", bank: "Sandbox Bank", account: "0123456789" },
    });
    expect(charges[1]!.data).toMatchObject({ channel: "payid", invoice_id: invoice.publicId, payer: { name: "Bola Ade" } });
    expect(charges[1]!.data).not.toHaveProperty("fees");
  });

  it("the payments rows are the invoice's: destination_kind invoice, invoice_id, merchant_reference, customer, metadata, and the collection fee of the channel (bank transfer 1%, PayID free)", async () => {
    const { key, invoice, settlementPayIdId } = await invoiceOf(1_000_000, { partial: true });
    await payByInvoice(key, invoice, 300_000, "bank_transfer");
    await payByInvoice(key, invoice, 200_000, "payid");
    const rows = await paymentsOf(invoice);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        destinationKind: "invoice",
        invoiceId: invoice.id,
        merchantReference: invoice.merchantReference,
        customerEmail: "ada@example.com",
        customerName: "Ada Obi",
        metadata: { order: 42 },
        keyPairId: key.keyPair.id,
        settlementPayIdId,
      });
    }
    expect(rows.map((r) => [r.channel, r.amount, r.fee])).toEqual([
      ["bank_transfer", 300_000, 3_000],
      ["payid", 200_000, 0],
    ]);
    expect(await balanceOf(settlementPayIdId)).toBe(300_000 - 3_000 + 200_000);
  });
});

describe("invoice status after payments", () => {
  it("sent → partial → paid: amount_paid adds up, paid_at is set only when paid, the timeline records each payment and paid", async () => {
    const { key, invoice } = await invoiceOf(500_000, { partial: true });
    expect(invoice.status).toBe("sent");
    await payByInvoice(key, invoice, 200_000);
    const partial = await reload(invoice);
    expect(partial).toMatchObject({ status: "partial", amountPaid: 200_000, paidAt: null });
    const r = await payByInvoice(key, invoice, 300_000, "payid", { name: "Chidi Eze" });
    const paid = await reload(invoice);
    expect(paid).toMatchObject({ status: "paid", amountPaid: 500_000 });
    expect(paid.paidAt).toBeInstanceOf(Date);
    const timeline = await activityOf(invoice);
    expect(timeline.map((a) => a.type)).toEqual(["created", "sent", "payment", "payment", "paid"]);
    expect(timeline[3]).toMatchObject({
      actor: "sandbox",
      data: { amount: 300_000, channel: "payid", reference: r.body.data!.reference, payer_name: "Chidi Eze" },
    });
  });

  it("overpayment is accepted: amount_paid exceeds the total, the invoice is paid and amount_remaining is 0", async () => {
    const { key, invoice } = await invoiceOf(100_000);
    const r = await payByInvoice(key, invoice, 150_000);
    expect(r.status).toBe(200);
    expect(await reload(invoice)).toMatchObject({ status: "paid", amountPaid: 150_000 });
    const received = (await eventsOf(key.keyPair.id)).find((e) => e.type === "invoice.payment_received")!;
    expect(received.data).toMatchObject({ amount_paid: 150_000, payment_amount: 150_000, amount_remaining: 0, is_fully_paid: true, invoice_status: "paid" });
  });

  it("an invoice without partial payments refuses less than the remaining (400 AMOUNT_REJECTED, nothing booked) and accepts exactly the remaining", async () => {
    const { key, invoice, settlementPayIdId } = await invoiceOf(250_000);
    const short = await payByInvoice(key, invoice, 249_999);
    await expectRefused(short, "AMOUNT_REJECTED", "This invoice takes its full remaining amount of 250000 kobo.");
    await expectNothingBooked(invoice, settlementPayIdId);
    expect((await eventsOf(key.keyPair.id)).map((e) => e.type)).toEqual(["invoice.created", "invoice.sent"]);
    const exact = await payByInvoice(key, invoice, 250_000);
    expect(exact.status).toBe(200);
    expect(await reload(invoice)).toMatchObject({ status: "paid", amountPaid: 250_000 });
  });

  it("a partial payment below 100 kobo is refused (AMOUNT_REJECTED), unless less than 100 kobo is all that remains", async () => {
    const { key, invoice, settlementPayIdId } = await invoiceOf(10_050, { partial: true });
    await expectRefused(await payByInvoice(key, invoice, 99), "AMOUNT_REJECTED", "This invoice takes at least 100 kobo per payment.");
    await expectNothingBooked(invoice, settlementPayIdId);
    expect((await payByInvoice(key, invoice, 10_000)).status).toBe(200);
    // 50 kobo remain: that is the least it takes now.
    await expectRefused(await payByInvoice(key, invoice, 49), "AMOUNT_REJECTED", "This invoice takes at least 50 kobo per payment.");
    expect((await payByInvoice(key, invoice, 50)).status).toBe(200);
    expect(await reload(invoice)).toMatchObject({ status: "paid", amountPaid: 10_050 });
  });
});

describe("invoices that take no payment: 400 DESTINATION_CLOSED and nothing booked", () => {
  it("a draft: 'This invoice has not been sent yet.'", async () => {
    const { key, invoice, settlementPayIdId } = await invoiceOf(100_000, { send: false });
    await expectRefused(await payByInvoice(key, invoice, 100_000), "DESTINATION_CLOSED", "This invoice has not been sent yet.");
    await expectNothingBooked(invoice, settlementPayIdId);
  });

  it("a paused invoice: 'This invoice is paused and takes no payment.', by invoice_id and by its account number issued before the pause", async () => {
    const { key, invoice, settlementPayIdId } = await invoiceOf(100_000);
    const instrument = await ensureInvoiceInstrument(await db(), { invoice, channel: "bank_transfer" });
    await pauseInvoice(await db(), { merchantId: key.merchantId, mode: "test", publicId: invoice.publicId, actor: "api" });
    await expectRefused(await payByInvoice(key, invoice, 100_000), "DESTINATION_CLOSED", "This invoice is paused and takes no payment.");
    if (instrument.kind !== "virtual_account") throw new Error("expected an account");
    await expectRefused(
      await sandboxPay(key, { account_number: instrument.account.accountNumber, amount: 100_000 }),
      "DESTINATION_CLOSED",
      "This invoice is paused and takes no payment.",
    );
    await expectNothingBooked(invoice, settlementPayIdId);
  });

  it("a cancelled invoice: 'This invoice is cancelled.', by invoice_id and by its PayID issued before the cancel", async () => {
    const { key, invoice, settlementPayIdId } = await invoiceOf(100_000);
    const instrument = await ensureInvoiceInstrument(await db(), { invoice, channel: "payid" });
    await cancelInvoice(await db(), { merchantId: key.merchantId, mode: "test", publicId: invoice.publicId, actor: "api" });
    await expectRefused(await payByInvoice(key, invoice, 100_000, "payid"), "DESTINATION_CLOSED", "This invoice is cancelled.");
    if (instrument.kind !== "payid") throw new Error("expected a PayID");
    await expectRefused(await sandboxPay(key, { pay_id: instrument.payId, amount: 100_000 }), "DESTINATION_CLOSED", "This invoice is cancelled.");
    await expectNothingBooked(invoice, settlementPayIdId);
  });

  it("a paid invoice: 'This invoice is paid.'", async () => {
    const { key, invoice, settlementPayIdId } = await invoiceOf(100_000);
    await payByInvoice(key, invoice, 100_000);
    const paid = await reload(invoice);
    await expectRefused(await payByInvoice(key, invoice, 100_000), "DESTINATION_CLOSED", "This invoice is paid.");
    expect(await paymentsOf(invoice)).toHaveLength(1);
    expect(await balanceOf(settlementPayIdId)).toBe(100_000 - 1_000);
    expect((await reload(invoice)).amountPaid).toBe(paid.amountPaid);
  });

  it("a due invoice with due_date_action pause is paused by the payment attempt (the pause and invoice.paused stick) and refuses it", async () => {
    const { key, invoice, settlementPayIdId } = await invoiceOf(100_000, { dueDateAction: "pause" });
    await makeDue(invoice);
    await expectRefused(await payByInvoice(key, invoice, 100_000), "DESTINATION_CLOSED", "This invoice is paused and takes no payment.");
    await expectNothingBooked(invoice, settlementPayIdId);
    expect(await reload(invoice)).toMatchObject({ status: "sent", paused: true });
    expect((await eventsOf(key.keyPair.id)).map((e) => e.type)).toEqual(["invoice.created", "invoice.sent", "invoice.paused"]);
  });
});

describe("overdue invoices still take payment", () => {
  it("an overdue invoice takes a partial payment and stays overdue; the full remainder makes it paid", async () => {
    const { key, invoice } = await invoiceOf(300_000, { partial: true });
    await makeDue(invoice);
    expect((await payByInvoice(key, invoice, 100_000)).status).toBe(200);
    expect(await reload(invoice)).toMatchObject({ status: "overdue", amountPaid: 100_000, paidAt: null });
    const received = (await eventsOf(key.keyPair.id)).filter((e) => e.type === "invoice.payment_received");
    expect(received[0]!.data).toMatchObject({ status: "overdue", invoice_status: "overdue", is_partial: true, amount_remaining: 200_000 });
    expect((await payByInvoice(key, invoice, 200_000)).status).toBe(200);
    const paid = await reload(invoice);
    expect(paid).toMatchObject({ status: "paid", amountPaid: 300_000 });
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect((await activityOf(invoice)).map((a) => a.type)).toEqual(["created", "sent", "overdue", "payment", "payment", "paid"]);
  });
});

describe("the invoice's account number and PayID", () => {
  it("a transfer to the invoice's account number (sandbox account_number) and one to its PayID (sandbox pay_id) both apply to the invoice; neither instrument completes on one payment", async () => {
    const { key, invoice } = await invoiceOf(1_000_000, { partial: true });
    const account = await ensureInvoiceInstrument(await db(), { invoice, channel: "bank_transfer" });
    const payId = await ensureInvoiceInstrument(await db(), { invoice, channel: "payid" });
    if (account.kind !== "virtual_account" || payId.kind !== "payid") throw new Error("unexpected instruments");
    expect(account.account).toMatchObject({
      status: "pending",
      amount: null,
      amountValidation: "A5",
      source: "invoice",
      invoiceId: invoice.id,
      keyPairId: key.keyPair.id,
    });
    expect(payId.dynamicPayId).toMatchObject({
      status: "active",
      amount: null,
      amountValidation: "A5",
      allowMultiplePayments: true,
      source: "invoice",
      invoiceId: invoice.id,
    });
    expect(payId.payId).toMatch(/^[a-z0-9]{8}\.dypid$/);

    const payer = await makeKey();
    const byAccount = await sandboxPay(payer, { account_number: account.account.accountNumber, amount: 200_000 });
    expect(byAccount.body.data).toMatchObject({ channel: "bank_transfer", amount: 200_000, status: "completed" });
    const byPayId = await sandboxPay(payer, { pay_id: `@${payId.payId}`, amount: 300_000 });
    expect(byPayId.body.data).toMatchObject({ channel: "payid", amount: 300_000, status: "completed" });
    // A second transfer to the same account number is taken too (the account stays open).
    expect((await sandboxPay(payer, { account_number: account.account.accountNumber, amount: 100_000 })).status).toBe(200);

    expect(await reload(invoice)).toMatchObject({ status: "partial", amountPaid: 600_000 });
    const rows = await paymentsOf(invoice);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(3);
    const [va] = await (await db()).select().from(virtualAccounts).where(eq(virtualAccounts.id, account.account.id));
    expect(va!.status).toBe("pending");
    const [dp] = await (await db()).select().from(dynamicPayIds).where(eq(dynamicPayIds.id, payId.dynamicPayId.id));
    expect(dp).toMatchObject({ status: "active", paymentCount: 1, amountReceived: 300_000 });
  });

  it("ensureInvoiceInstrument reuses the open account and PayID (also when asked 10 times at once), stores them on the invoice, and issues a new one once the old has expired", async () => {
    const { invoice } = await invoiceOf(100_000);
    const all = await Promise.all(Array.from({ length: 10 }, async () => ensureInvoiceInstrument(await db(), { invoice, channel: "bank_transfer" })));
    const ids = new Set(all.map((i) => (i.kind === "virtual_account" ? i.account.id : null)));
    expect(ids.size).toBe(1);
    const [first] = [...ids];
    expect((await reload(invoice)).virtualAccountId).toBe(first);
    expect(await (await db()).select().from(virtualAccounts).where(eq(virtualAccounts.invoiceId, invoice.id))).toHaveLength(1);

    const p1 = await ensureInvoiceInstrument(await db(), { invoice, channel: "payid" });
    const p2 = await ensureInvoiceInstrument(await db(), { invoice, channel: "payid" });
    if (p1.kind !== "payid" || p2.kind !== "payid") throw new Error("expected PayIDs");
    expect(p2.dynamicPayId.id).toBe(p1.dynamicPayId.id);
    expect((await reload(invoice)).dynamicPayIdId).toBe(p1.dynamicPayId.id);

    await (
      await db()
    )
      .update(virtualAccounts)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(virtualAccounts.id, first!));
    const fresh = await ensureInvoiceInstrument(await db(), { invoice, channel: "bank_transfer" });
    if (fresh.kind !== "virtual_account") throw new Error("expected an account");
    expect(fresh.account.id).not.toBe(first);
    expect((await reload(invoice)).virtualAccountId).toBe(fresh.account.id);
  });

  it("once paid, the invoice's instruments are retired: a later transfer to the account number or PayID is 400 DESTINATION_CLOSED", async () => {
    const { key, invoice, settlementPayIdId } = await invoiceOf(100_000);
    const account = await ensureInvoiceInstrument(await db(), { invoice, channel: "bank_transfer" });
    const payId = await ensureInvoiceInstrument(await db(), { invoice, channel: "payid" });
    if (account.kind !== "virtual_account" || payId.kind !== "payid") throw new Error("unexpected instruments");
    expect((await sandboxPay(key, { account_number: account.account.accountNumber, amount: 100_000 })).status).toBe(200);

    const [va] = await (await db()).select().from(virtualAccounts).where(eq(virtualAccounts.id, account.account.id));
    expect(va).toMatchObject({ status: "completed" });
    const [dp] = await (await db()).select().from(dynamicPayIds).where(eq(dynamicPayIds.id, payId.dynamicPayId.id));
    expect(dp).toMatchObject({ status: "completed" });

    await expectRefused(await sandboxPay(key, { account_number: account.account.accountNumber, amount: 10_000 }), "DESTINATION_CLOSED");
    await expectRefused(await sandboxPay(key, { pay_id: payId.payId, amount: 10_000 }), "DESTINATION_CLOSED");
    expect(await paymentsOf(invoice)).toHaveLength(1);
    expect(await balanceOf(settlementPayIdId)).toBe(100_000 - 1_000);
  });
});

/**
 * The backend of the payment paused at its destination lock: it holds the invoice's row (or,
 * were that lock missing, the invoice account's), so a waiting second payment is seen either way.
 */
async function firstPayerOf(invoice: Invoice): Promise<number | null> {
  const watch = await lockObserver();
  const [account] = await watch.select({ id: virtualAccounts.id }).from(virtualAccounts).where(eq(virtualAccounts.invoiceId, invoice.id));
  return (await rowLockHolder(watch, "invoices", invoice.id)) ?? (account ? rowLockHolder(watch, "virtual_accounts", account.id) : null);
}

describe("concurrent payments to one invoice take turns on its row lock", () => {
  it("two simultaneous full payments to an invoice without partial payments: exactly one is booked, the other refused", async () => {
    const { key, invoice, settlementPayIdId } = await invoiceOf(200_000);
    // The first payment waits right after its locks (the invoice's first); the second arrives
    // while it holds them (it waits on the invoice, or has finished if nothing was locked).
    const pause = armPause("receive:destination-locked");
    const first = payByInvoice(key, invoice, 200_000);
    await pause.reached;
    const second = payByInvoice(key, invoice, 200_000, "payid");
    await untilArrived(await lockObserver(), await firstPayerOf(invoice), [second]);
    pause.release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.error).toMatchObject({ code: "DESTINATION_CLOSED", message: "This invoice is paid." });
    expect(await paymentsOf(invoice)).toHaveLength(1);
    expect(await reload(invoice)).toMatchObject({ status: "paid", amountPaid: 200_000 });
    const booked = (await paymentsOf(invoice))[0]!;
    expect(await balanceOf(settlementPayIdId)).toBe(200_000 - booked.fee);
    expect((await eventsOf(key.keyPair.id)).filter((e) => e.type === "invoice.paid")).toHaveLength(1);
  });

  it("two simultaneous transfers to the invoice's one account number: one booked, the other refused", async () => {
    const { key, invoice } = await invoiceOf(200_000);
    const account = await ensureInvoiceInstrument(await db(), { invoice, channel: "bank_transfer" });
    if (account.kind !== "virtual_account") throw new Error("expected an account");
    const send = () => sandboxPay(key, { account_number: account.account.accountNumber, amount: 200_000 });
    const pause = armPause("receive:destination-locked");
    const first = send();
    await pause.reached;
    const second = send();
    await untilArrived(await lockObserver(), await firstPayerOf(invoice), [second]);
    pause.release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await paymentsOf(invoice)).toHaveLength(1);
    expect((await reload(invoice)).amountPaid).toBe(200_000);
  });

  it("eight simultaneous partial payments are all booked and amount_paid is their sum; invoice.paid is sent once", async () => {
    const { key, invoice } = await invoiceOf(800_000, { partial: true });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => payByInvoice(key, invoice, 100_000, i % 2 ? "payid" : "bank_transfer")));
    expect(answers.filter((a) => a.status !== 200).map((a) => a.text)).toEqual([]);
    expect(await reload(invoice)).toMatchObject({ status: "paid", amountPaid: 800_000 });
    const types = (await eventsOf(key.keyPair.id)).map((e) => e.type);
    expect(types.filter((t) => t === "invoice.payment_received")).toHaveLength(8);
    expect(types.at(-1)).toBe("invoice.paid");
    expect(types.filter((t) => t === "invoice.paid")).toHaveLength(1);
  });
});

describe("POST /v1/sandbox/payments with invoice_id", () => {
  it("answers {reference, channel, amount, status} for a bank transfer and for a PayID payment", async () => {
    const { key, invoice } = await invoiceOf(1_000_000, { partial: true });
    const bank = await payByInvoice(key, invoice, 100_000, "bank_transfer");
    expect(bank.status).toBe(200);
    expect(bank.body.data).toEqual({ reference: expect.stringMatching(/^pay_/), channel: "bank_transfer", amount: 100_000, status: "completed" });
    const payid = await payByInvoice(key, invoice, 100_000, "payid");
    expect(payid.body.data).toEqual({ reference: expect.stringMatching(/^pay_/), channel: "payid", amount: 100_000, status: "completed" });
  });

  it("channel is required with invoice_id and must be bank_transfer or payid (Validation error)", async () => {
    const { key, invoice } = await invoiceOf(100_000);
    for (const extra of [{}, { channel: "card" }]) {
      const r = await sandboxPay(key, { invoice_id: invoice.publicId, amount: 100_000, ...extra });
      expect(r.status).toBe(400);
      expect(r.body.error).toEqual({
        code: "HTTP_ERROR",
        message: "Validation error",
        details: ["channel must be bank_transfer or payid when paying an invoice_id"],
      });
    }
  });

  it("an unknown invoice, another merchant's, or one of the other mode is 400 DESTINATION_NOT_FOUND", async () => {
    const { key, invoice, settlementPayIdId } = await invoiceOf(100_000);
    const stranger = await makeKey();
    await expectRefused(await payByInvoice(stranger, invoice, 100_000), "DESTINATION_NOT_FOUND");
    await expectRefused(await sandboxPay(key, { invoice_id: "inv_nosuchinvoice", channel: "bank_transfer", amount: 100_000 }), "DESTINATION_NOT_FOUND");
    const live = await makeKey({ merchantId: key.merchantId, mode: "live" });
    const liveInvoice = (await invoiceOf(100_000, { key: live })).invoice;
    await expectRefused(await payByInvoice(key, liveInvoice, 100_000), "DESTINATION_NOT_FOUND");
    await expectNothingBooked(invoice, settlementPayIdId);
  });

  it("a live key gets 403 SANDBOX_ONLY", async () => {
    const live = await makeKey({ mode: "live" });
    const { invoice } = await invoiceOf(100_000, { key: live });
    const r = await payByInvoice(live, invoice, 100_000);
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: "SANDBOX_ONLY" });
  });
});

describe("payInvoice (the hosted page's simulate)", () => {
  it("a dashboard invoice's events go to every key pair of its wallet, and the timeline names the customer", async () => {
    const key = await makeKey({ config: { rateLimit: 10_000 } });
    const other = await makeKey({ merchantId: key.merchantId });
    const invoice = await createInvoice(await db(), {
      merchantId: key.merchantId,
      mode: "test",
      keyPairId: null,
      settlementPayIdId: null,
      source: "dashboard",
      baseUrl: "http://localhost:3000",
      body: CreateInvoiceBody.parse({
        customer_name: "Ada Obi",
        customer_email: "ada@example.com",
        line_items: [{ description: "Work", quantity: 1, unit_price: 50_000 }],
        due_date: inDays(3),
        send: true,
      }),
    });
    const r = await payInvoice(await db(), { invoice, channel: "payid", amount: 50_000, payer: { name: "Ngozi" } });
    expect(r).toMatchObject({ channel: "payid", amount: 50_000, status: "completed", duplicate: false });
    for (const k of [key, other]) {
      const types = (await eventsOf(k.keyPair.id)).map((e) => e.type);
      expect(types.slice(-3)).toEqual(["charge.success", "invoice.payment_received", "invoice.paid"]);
    }
    const [payment] = await (
      await db()
    )
      .select()
      .from(invoiceActivity)
      .where(and(eq(invoiceActivity.invoiceId, invoice.id), eq(invoiceActivity.type, "payment")));
    expect(payment).toMatchObject({ actor: "customer" });
  });
});

describe("ledger", () => {
  it("after invoice payments (partial, final, overpaid, refused) the ledger audit holds", async () => {
    const { key, invoice } = await invoiceOf(300_000, { partial: true });
    await payByInvoice(key, invoice, 100_000);
    await payByInvoice(key, invoice, 50, "payid");
    await payByInvoice(key, invoice, 500_000);
    await payByInvoice(key, invoice, 1_000);
    expect((await auditLedger(await db())).ok).toBe(true);
  });
});
