import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { events, notifications, payments, settlementBatches, settlementPayouts } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit-event";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { isAppError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { CreateInvoiceBody } from "@/lib/invoices/invoice-input";
import { createInvoice } from "@/lib/invoices/create-invoice";
import { findPayId } from "@/lib/payids/find-pay-id";
import { createAdmin } from "@/lib/admin/create-admin";
import { approveRefund } from "@/lib/refunds/approve-refund";
import { rejectRefund } from "@/lib/refunds/reject-refund";
import { requestRefund } from "@/lib/refunds/request-refund";
import { makeKey, makeMerchant } from "@/tests/factories";
import { pendingPayment, refundMerchant } from "@/tests/refunds";
import { startSmtpCapture } from "@/tests/smtp-capture";
import { getNotificationChoices, parseNotificationChoices, setNotificationChoices } from "./notification-settings";
import { queueDueNotifications } from "./queue-notifications";
import { sendDueNotifications } from "./send-due-notifications";

/*
 * Email notifications (issue 18 items 3 and 7), on real Postgres with a real SMTP listener:
 * a payment at or above the owner's threshold is mailed to the owners once (however many
 * passes or concurrent senders), one below it is not; nothing is queued or sent without SMTP;
 * a mail the server could not take is kept and sent once it is back; payer receipts are off
 * until turned on and never cover payments from before; a sent invoice emails the customer its link.
 */

let db: Db;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const savedSmtp = process.env.SMTP_URL;
beforeAll(async () => {
  db = await getDb();
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
});
afterEach(() => {
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp.close();
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
});

const choices = (over: Partial<Parameters<typeof parseNotificationChoices>[0]> = {}) =>
  parseNotificationChoices({
    paymentReceived: false,
    paymentReceivedMin: "",
    payoutFailed: false,
    refundDecided: false,
    webhookFailing: false,
    receipts: false,
    ...over,
  });

async function merchantWith(over: Partial<Parameters<typeof parseNotificationChoices>[0]>) {
  const made = await makeMerchant();
  await setNotificationChoices(db, { merchantId: made.merchant.id, choices: choices(over), actor: CLI_ACTOR });
  return made;
}

async function pay(made: Awaited<ReturnType<typeof makeMerchant>>, amount: number, extra: { customerEmail?: string; paidAt?: Date } = {}) {
  const wallet = (await findPayId(db, { mode: "test", payId: made.payIds.test }))!;
  const reference = `ntf-${randomBase62(10)}`;
  await db.insert(payments).values({
    merchantId: made.merchant.id,
    mode: "test",
    channel: "payid",
    destinationKind: "wallet",
    settlementPayIdId: wallet.id,
    reference,
    amount,
    ...extra,
  });
  return reference;
}

const rowsOf = (merchantId: string) => db.select().from(notifications).where(eq(notifications.merchantId, merchantId));
const mailsAbout = (reference: string) => smtp.mails.filter((m) => m.text.includes(reference));

/** Passes of the scheduler's two jobs, as it runs them. */
async function passes(n = 1) {
  for (let i = 0; i < n; i++) {
    await queueDueNotifications(db);
    await sendDueNotifications(db);
  }
}

describe("notification settings", () => {
  it("the threshold is naira text parsed by lib/money.ts: a bad one is refused with the reason, and nothing changes", async () => {
    const made = await merchantWith({ paymentReceived: true, paymentReceivedMin: "₦1,000" });
    expect((await getNotificationChoices(db, made.merchant.id)).paymentReceivedMin).toBe(100_000);
    for (const [text, message] of [
      ["-5", "The amount cannot be negative."],
      ["12.345", "Use at most two decimal places (kobo)."],
      ["lots", "Enter the amount in naira, like 50000 or 50,000."],
      ["", "Enter the amount from which you want an email (0 for every payment)."],
    ] as const) {
      let err: unknown;
      try {
        parseNotificationChoices({
          paymentReceived: true,
          paymentReceivedMin: text,
          payoutFailed: false,
          refundDecided: false,
          webhookFailing: false,
          receipts: false,
        });
      } catch (e) {
        err = e;
      }
      expect(isAppError(err) && err.details).toEqual([message]);
    }
    expect((await getNotificationChoices(db, made.merchant.id)).paymentReceivedMin).toBe(100_000);
  });

  it("receipts are off by default", async () => {
    const made = await makeMerchant();
    expect((await getNotificationChoices(db, made.merchant.id)).receipts).toBe(false);
  });
});

describe("payment received above the threshold", () => {
  it("mails the owner once for a payment at or above the amount, never for one below, however many passes", async () => {
    const made = await merchantWith({ paymentReceived: true, paymentReceivedMin: "1,000" });
    const below = await pay(made, 99_999);
    const at = await pay(made, 100_000);
    await passes(3);
    const mails = mailsAbout(at);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([made.owner.email.toLowerCase()]);
    expect(mails[0]!.subject).toContain("₦1,000.00");
    expect(mailsAbout(below)).toHaveLength(0);
    const rows = await rowsOf(made.merchant.id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([["payment_received", "sent"]]);
  });

  it("two senders running at once send each mail once", async () => {
    const made = await merchantWith({ paymentReceived: true, paymentReceivedMin: "0" });
    const refs = await Promise.all(Array.from({ length: 6 }, (_, i) => pay(made, 10_000 + i)));
    await Promise.all([queueDueNotifications(db), queueDueNotifications(db)]);
    await Promise.all([sendDueNotifications(db), sendDueNotifications(db), sendDueNotifications(db)]);
    await passes(1);
    for (const ref of refs) expect(mailsAbout(ref)).toHaveLength(1);
    expect(await rowsOf(made.merchant.id)).toHaveLength(6);
  });

  it("a payment from before the setting was turned on is not announced", async () => {
    const made = await makeMerchant();
    const old = await pay(made, 500_000, { paidAt: new Date(Date.now() - 60_000) });
    await setNotificationChoices(db, { merchantId: made.merchant.id, choices: choices({ paymentReceived: true, paymentReceivedMin: "0" }), actor: CLI_ACTOR });
    const fresh = await pay(made, 500_000);
    await passes(2);
    expect(mailsAbout(old)).toHaveLength(0);
    expect(mailsAbout(fresh)).toHaveLength(1);
  });

  it("without SMTP nothing is queued or sent; the choices are kept for when it is", async () => {
    const made = await merchantWith({ paymentReceived: true, paymentReceivedMin: "0" });
    delete process.env.SMTP_URL;
    const ref = await pay(made, 20_000);
    await passes(2);
    expect(await rowsOf(made.merchant.id)).toHaveLength(0);
    expect(mailsAbout(ref)).toHaveLength(0);
    expect((await getNotificationChoices(db, made.merchant.id)).paymentReceived).toBe(true);
  });

  it("a mail the server could not take is kept, retried later and sent once", async () => {
    const made = await merchantWith({ paymentReceived: true, paymentReceivedMin: "0" });
    const down = await startSmtpCapture();
    const port = down.port;
    await down.close();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const ref = await pay(made, 30_000);
    await queueDueNotifications(db);
    await sendDueNotifications(db);
    let [row] = await rowsOf(made.merchant.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: another pass does not try again.
    await sendDueNotifications(db);
    expect((await rowsOf(made.merchant.id))[0]!.attempts).toBe(1);
    // The server is back and the retry is due.
    const back = await startSmtpCapture(port);
    try {
      await db
        .update(notifications)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(and(eq(notifications.merchantId, made.merchant.id)));
      await passes(2);
      [row] = await rowsOf(made.merchant.id);
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      expect(back.mails.filter((m) => m.text.includes(ref))).toHaveLength(1);
    } finally {
      await back.close();
    }
  });
});

describe("payer receipts", () => {
  it("off by default: no receipt; once on, a completed payment with the payer's email gets one, once", async () => {
    const made = await makeMerchant();
    const payer = `payer-${randomBase62(6).toLowerCase()}@example.com`;
    const before = await pay(made, 45_000, { customerEmail: payer });
    await passes(1);
    expect(mailsAbout(before)).toHaveLength(0);
    await setNotificationChoices(db, { merchantId: made.merchant.id, choices: choices({ receipts: true }), actor: CLI_ACTOR });
    const after = await pay(made, 45_000, { customerEmail: payer });
    await passes(3);
    expect(mailsAbout(before)).toHaveLength(0);
    const receipts = mailsAbout(after);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.to).toEqual([payer]);
    expect(receipts[0]!.subject).toBe(`[Test] Your receipt from ${made.merchant.name}`);
    expect(receipts[0]!.text).toContain("₦450.00");
  });
});

describe("invoice by email", () => {
  it("a sent invoice emails its customer the link once; a draft emails nobody", async () => {
    const made = await makeMerchant();
    const customer = `customer-${randomBase62(6).toLowerCase()}@example.com`;
    const body = (send: boolean) =>
      CreateInvoiceBody.parse({
        customer_name: "Ada Obi",
        customer_email: customer,
        line_items: [{ description: "Design", quantity: 1, unit_price: 500_000 }],
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        send,
      });
    const input = {
      merchantId: made.merchant.id,
      mode: "test" as const,
      keyPairId: null,
      settlementPayIdId: null,
      source: "dashboard" as const,
      baseUrl: "https://owo.example",
    };
    const draft = await createInvoice(db, { ...input, body: body(false) });
    const sent = await createInvoice(db, { ...input, body: body(true) });
    await passes(3);
    const mails = smtp.mails.filter((m) => m.to.includes(customer));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`[Test] Invoice ${sent.invoiceNumber} from ${made.merchant.name}`);
    expect(mails[0]!.text).toContain(`https://owo.example/i/${sent.publicId}`);
    expect(mails[0]!.text).not.toContain(draft.publicId);
  });
});

describe("failed payouts and failing webhooks", () => {
  it("a failed payout attempt is mailed to the owners once; one left off is not", async () => {
    const on = await merchantWith({ payoutFailed: true });
    const off = await makeMerchant();
    const refs: string[] = [];
    for (const m of [on, off]) {
      const [batch] = await db
        .insert(settlementBatches)
        .values({ merchantId: m.merchant.id, mode: "test", cutoffAt: new Date(), paymentCount: 1, gross: 100_000, fees: 0, net: 100_000, status: "failed" })
        .returning();
      const reference = `STL-${randomBase62(10)}`;
      refs.push(reference);
      await db.insert(settlementPayouts).values({
        batchId: batch!.id,
        merchantId: m.merchant.id,
        mode: "test",
        reference,
        destination: "bank_account",
        amount: 100_000,
        status: "failed",
        failureReason: "Account closed",
      });
    }
    await passes(3);
    const mails = mailsAbout(refs[0]!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("[Test] A payout of ₦1,000.00 failed");
    expect(mails[0]!.text).toContain("Account closed");
    expect(mailsAbout(refs[1]!)).toHaveLength(0);
  });

  it("events that exhausted their retries send one mail per endpoint per day, however many failed", async () => {
    const made = await merchantWith({ webhookFailing: true });
    const key = await makeKey({ merchantId: made.merchant.id, mode: "test" });
    const ids = await Promise.all(
      Array.from({ length: 3 }, () =>
        emitEvent(db, { merchantId: made.merchant.id, mode: "test", keyPairId: key.keyPair.id, type: "charge.success", data: {} }),
      ),
    );
    for (const id of ids) await db.update(events).set({ deliveryStatus: "exhausted" }).where(eq(events.id, id));
    await passes(3);
    const rows = await rowsOf(made.merchant.id);
    expect(rows.map((r) => [r.kind, r.status, r.recipient])).toEqual([["webhook_failing", "sent", made.owner.email.toLowerCase()]]);
  });
});

describe("refund decided", () => {
  it("an approved and a rejected refund are each mailed once, with the reason of a rejection", async () => {
    const m = await refundMerchant({ mode: "test" });
    await setNotificationChoices(db, { merchantId: m.merchantId, choices: choices({ refundDecided: true }), actor: CLI_ACTOR });
    const a = await createAdmin(db, { email: `ntf-admin-${randomBase62(6).toLowerCase()}@owo.test`, password: "owo-admin-password", actor: CLI_ACTOR });
    const admin = { type: "admin" as const, userId: a.id };
    const ask = async () => {
      const p = await pendingPayment(m, { amount: 700_000 });
      return (
        await requestRefund(db, {
          merchantId: m.merchantId,
          mode: m.mode,
          keyPairId: m.keyPairId,
          staticAccountId: p.staticAccountId,
          paymentId: p.id,
          reason: "Paid twice",
        })
      ).refund;
    };
    const approved = await ask();
    const rejected = await ask();
    // Not decided yet: nothing to say.
    await passes(1);
    expect(mailsAbout(approved.id)).toHaveLength(0);
    await approveRefund(db, { refundId: approved.id, actor: admin });
    await rejectRefund(db, { refundId: rejected.id, reason: "The payer was not charged twice", actor: admin });
    await passes(3);
    expect(mailsAbout(approved.id).map((x) => x.subject)).toEqual(["[Test] Refund of ₦7,000.00 approved"]);
    const no = mailsAbout(rejected.id);
    expect(no).toHaveLength(1);
    expect(no[0]!.text).toContain("The payer was not charged twice");
  });
});
