import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { invoices, type Invoice, type Mode } from "@/db/schema";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { cancelInvoice } from "@/lib/invoices/cancel-invoice";
import { createInvoice } from "@/lib/invoices/create-invoice";
import { CreateInvoiceBody } from "@/lib/invoices/invoice-input";
import { pauseInvoice } from "@/lib/invoices/pause-invoice";
import { makeKey } from "@/tests/factories";
import { inDays } from "@/tests/invoices";
import { getInvoicePage } from "./invoice-page";
import { chooseInvoicePayMethod, simulateInvoicePagePayment } from "./invoice-page-pay";

afterAll(() => afterCommitDeliveriesSettled());

const BASE = "http://localhost:3000";
const code = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { code?: string }) => e.code ?? String(e),
  );

/** ₦100 + 7.5% tax = ₦107.50, sent unless told otherwise. */
async function invoiceFor(opts: { partial?: boolean; send?: boolean; mode?: Mode } = {}) {
  const key = await makeKey({ mode: opts.mode });
  return createInvoice(await getDb(), {
    merchantId: key.merchantId,
    mode: key.keyPair.mode,
    keyPairId: key.keyPair.id,
    settlementPayIdId: key.keyPair.settlementPayIdId,
    source: "api",
    baseUrl: BASE,
    body: CreateInvoiceBody.parse({
      customer_name: "Ada Obi",
      customer_email: "ada@example.com",
      line_items: [{ description: "Design work", quantity: 1, unit_price: 10_000 }],
      tax_rate: 7.5,
      due_date: inDays(14),
      allow_partial_payments: opts.partial ?? false,
      send: opts.send ?? true,
    }),
  });
}

const ref = (i: Invoice) => ({ publicId: i.publicId });
const scope = (i: Invoice) => ({ merchantId: i.merchantId, mode: i.mode, publicId: i.publicId, actor: "api" as const });

describe("hosted invoice page", () => {
  it("shows an invoice by its public id alone, with totals in kobo, the tax rate, the least it takes and no payments yet; an unknown or malformed id is null", async () => {
    const inv = await invoiceFor({ partial: true });
    const db = await getDb();
    const view = await getInvoicePage(db, inv.publicId);
    expect(view).toMatchObject({
      publicId: inv.publicId,
      invoiceNumber: "INV-000001",
      testMode: true,
      state: "sent",
      payable: true,
      subtotal: 10_000,
      taxRate: 7.5,
      taxAmount: 750,
      total: 10_750,
      amountPaid: 0,
      amountRemaining: 10_750,
      minAmount: 100,
      allowPartialPayments: true,
      payments: [],
    });
    expect(await getInvoicePage(db, "inv_000000000nothinghere")).toBeNull();
    expect(await getInvoicePage(db, "../etc/passwd")).toBeNull();
  });

  it("pays part by bank transfer then the rest by PayID into the invoice's own account and PayID; the view after each shows the new amounts and the payments oldest first", async () => {
    const inv = await invoiceFor({ partial: true });
    const db = await getDb();
    const bank = await chooseInvoicePayMethod(db, { ...ref(inv), channel: "bank_transfer", baseUrl: BASE });
    expect(bank.details).toMatchObject({ channel: "bank_transfer", accountNumber: expect.stringMatching(/^\d{10}$/) });
    const first = await simulateInvoicePagePayment(db, { ...ref(inv), channel: "bank_transfer", amount: 5_000 });
    expect(first.payment).toMatchObject({ amount: 5_000, channel: "bank_transfer" });
    expect(first.view).toMatchObject({ state: "partial", amountPaid: 5_000, amountRemaining: 5_750, payable: true });

    const payid = await chooseInvoicePayMethod(db, { ...ref(inv), channel: "payid", baseUrl: BASE });
    expect(payid.details).toMatchObject({ channel: "payid", payId: expect.stringMatching(/\.dypid$/) });
    if (payid.details.channel === "payid") {
      expect(payid.details.qrData).toBe(`${BASE}/p/${payid.details.payId}`);
      expect(payid.details.qrSvg).toContain("<svg");
    }
    const second = await simulateInvoicePagePayment(db, { ...ref(inv), channel: "payid", amount: 5_750 });
    expect(second.view).toMatchObject({ state: "paid", status: "paid", amountPaid: 10_750, amountRemaining: 0, payable: false });
    expect(second.view.payments.map((p) => [p.amount, p.channel])).toEqual([
      [5_000, "bank_transfer"],
      [5_750, "payid"],
    ]);
    expect(second.view.paidAt).not.toBeNull();
  });

  it("simulate never pays more than is owed with partial payments, and pays exactly the remainder without them whatever amount the page sent", async () => {
    const db = await getDb();
    const partial = await invoiceFor({ partial: true });
    expect(await code(simulateInvoicePagePayment(db, { ...ref(partial), channel: "payid", amount: 10_751 }))).toBe("AMOUNT_REJECTED");
    expect(await code(simulateInvoicePagePayment(db, { ...ref(partial), channel: "payid", amount: 99 }))).toBe("AMOUNT_REJECTED");

    const whole = await invoiceFor({ partial: false });
    const paid = await simulateInvoicePagePayment(db, { ...ref(whole), channel: "bank_transfer", amount: 100 });
    expect(paid.payment.amount).toBe(10_750);
    expect(paid.view.state).toBe("paid");
  });

  it("refuses to simulate a payment for a live invoice (nothing is booked), but a live invoice still offers its account", async () => {
    const inv = await invoiceFor({ mode: "live" });
    const db = await getDb();
    expect(await code(simulateInvoicePagePayment(db, { ...ref(inv), channel: "bank_transfer", amount: 10_750 }))).toBe("SANDBOX_ONLY");
    const [row] = await db.select().from(invoices).where(eq(invoices.publicId, inv.publicId));
    expect(row!.amountPaid).toBe(0);
    expect((await getInvoicePage(db, inv.publicId))!.testMode).toBe(false);
    expect((await chooseInvoicePayMethod(db, { ...ref(inv), channel: "bank_transfer", baseUrl: BASE })).details.channel).toBe("bank_transfer");
  });

  it("a draft, paused or cancelled invoice is shown as such, takes no payment and gets no account (DESTINATION_CLOSED)", async () => {
    const db = await getDb();
    const draft = await invoiceFor({ send: false });
    expect(await getInvoicePage(db, draft.publicId)).toMatchObject({ state: "draft", payable: false });
    expect(await code(chooseInvoicePayMethod(db, { ...ref(draft), channel: "bank_transfer", baseUrl: BASE }))).toBe("DESTINATION_CLOSED");

    const paused = await invoiceFor();
    await pauseInvoice(db, scope(paused));
    expect(await getInvoicePage(db, paused.publicId)).toMatchObject({ state: "paused", status: "sent", paused: true, payable: false });
    expect(await code(chooseInvoicePayMethod(db, { ...ref(paused), channel: "payid", baseUrl: BASE }))).toBe("DESTINATION_CLOSED");
    expect(await code(simulateInvoicePagePayment(db, { ...ref(paused), channel: "payid", amount: 10_750 }))).toBe("DESTINATION_CLOSED");

    const cancelled = await invoiceFor();
    await cancelInvoice(db, scope(cancelled));
    expect(await getInvoicePage(db, cancelled.publicId)).toMatchObject({ state: "cancelled", payable: false });
    expect(await code(simulateInvoicePagePayment(db, { ...ref(cancelled), channel: "bank_transfer", amount: 10_750 }))).toBe("DESTINATION_CLOSED");
  });

  it("a sent invoice past its due date is overdue when the page is read, and still payable", async () => {
    const inv = await invoiceFor({ partial: true });
    const db = await getDb();
    await db
      .update(invoices)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(invoices.publicId, inv.publicId));
    expect(await getInvoicePage(db, inv.publicId)).toMatchObject({ state: "overdue", status: "overdue", payable: true });
    const paid = await simulateInvoicePagePayment(db, { ...ref(inv), channel: "bank_transfer", amount: 1_000 });
    expect(paid.view).toMatchObject({ state: "overdue", amountPaid: 1_000 });
  });
});
