import { sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db, DbOrTx } from "@/db/client";
import {
  decidedRefundsToAnnounce,
  failedPayoutsToAnnounce,
  failingWebhooksToAnnounce,
  paymentsToAnnounce,
  receiptsToSend,
  sentInvoicesToMail,
  type BrandRow,
} from "@/db/statements/notifications";
import { notifications } from "@/db/schema";
import { configuredBaseUrl } from "@/lib/public-links";
import { smtpConfigured } from "@/lib/mail/mailer";
import { brandOf, type MerchantBrand } from "@/lib/merchants/merchant-brand";
import { mails, type QueuedMail } from "./notification-mails";

/**
 * The scheduler's half of the notification outbox: finds what should be announced and is not
 * yet (payments above a merchant's threshold, failed payouts, decided refunds, exhausted
 * webhooks, payer receipts, sent invoices) and queues one row per (thing, recipient). The
 * unique (dedupe_key, recipient) index makes a second pass, or a second instance, queue
 * nothing again; reading the records themselves (over a recent window) rather than a cursor
 * means a record committed late is still found. Only when SMTP is configured: without it no
 * mail is promised, so none is queued.
 */
const WINDOW = sql.raw(`interval '3 days'`);
const BATCH = 200;

const brand = (r: BrandRow): MerchantBrand =>
  brandOf({
    id: r.merchant_id,
    name: r.name,
    displayName: r.display_name,
    brandColour: r.brand_colour,
    logoSha256: r.logo_sha256,
    supportEmail: r.support_email,
    supportPhone: r.support_phone,
  });

const link = (path: string) => {
  const base = configuredBaseUrl();
  return base ? `${base}${path}` : "Open your Owo dashboard.";
};

export async function queueDueNotifications(db: Db): Promise<number> {
  if (!smtpConfigured()) return 0;
  const rows: QueuedMail[] = [];

  const paid = await paymentsToAnnounce(db, { window: WINDOW, limit: BATCH });
  for (const r of paid) {
    const words = mails.paymentReceived({
      brand: brand(r),
      mode: r.mode,
      amount: Number(r.amount),
      reference: r.reference,
      channel: r.channel,
      payerName: r.customer_name,
      paidAt: new Date(r.paid_at),
      dashboardUrl: link("/dashboard/payments"),
    });
    rows.push({ merchantId: r.merchant_id, kind: "payment_received", dedupeKey: `payment:${r.id}`, recipient: r.email, ...words });
  }

  const receipts = await receiptsToSend(db, { window: WINDOW, limit: BATCH });
  for (const r of receipts) {
    const words = mails.receipt({
      brand: brand(r),
      mode: r.mode,
      amount: Number(r.amount),
      reference: r.reference,
      paidAt: new Date(r.paid_at),
      payerName: r.customer_name,
    });
    rows.push({ merchantId: r.merchant_id, kind: "receipt", dedupeKey: `receipt:${r.id}`, recipient: r.email, ...words });
  }

  const payouts = await failedPayoutsToAnnounce(db, { window: WINDOW, limit: BATCH });
  for (const r of payouts) {
    const words = mails.payoutFailed({
      brand: brand(r),
      mode: r.mode,
      amount: Number(r.amount),
      reference: r.reference,
      reason: r.failure_reason,
      dashboardUrl: link("/dashboard/settlements"),
    });
    rows.push({ merchantId: r.merchant_id, kind: "payout_failed", dedupeKey: `payout_failed:${r.id}`, recipient: r.email, ...words });
  }

  const refunds = await decidedRefundsToAnnounce(db, { window: WINDOW, limit: BATCH });
  for (const r of refunds) {
    const words = mails.refundDecided({
      brand: brand(r),
      mode: r.mode,
      amount: Number(r.amount),
      refundId: r.id,
      approved: r.status !== "rejected",
      reason: r.rejection_reason,
      dashboardUrl: link("/dashboard/refunds"),
    });
    rows.push({ merchantId: r.merchant_id, kind: "refund_decided", dedupeKey: `refund:${r.id}`, recipient: r.email, ...words });
  }

  // One mail per webhook endpoint (key pair) per Lagos day, however many events gave up.
  const hooks = await failingWebhooksToAnnounce(db, { window: WINDOW, limit: BATCH });
  for (const r of hooks) {
    const words = mails.webhookFailing({
      brand: brand(r),
      mode: r.mode,
      url: r.webhook_url,
      eventType: r.type,
      dashboardUrl: link("/dashboard/developers/webhooks"),
    });
    rows.push({ merchantId: r.merchant_id, kind: "webhook_failing", dedupeKey: `webhook_failing:${r.key_pair_id}:${r.day}`, recipient: r.email, ...words });
  }

  const sent = await sentInvoicesToMail(db, { window: WINDOW, limit: BATCH });
  for (const r of sent) {
    const words = mails.invoice({
      brand: brand(r),
      mode: r.mode,
      invoiceNumber: r.invoice_number,
      customerName: r.customer_name,
      total: Number(r.total),
      dueDate: r.due_date,
      paymentUrl: r.payment_url,
    });
    rows.push({ merchantId: r.merchant_id, kind: "invoice_sent", dedupeKey: `invoice:${r.id}`, recipient: r.email, ...words });
  }

  return insertNotifications(db, rows);
}

/** Queues mails; one already queued for the same (dedupe_key, recipient) is left as it is. */
export async function insertNotifications(db: DbOrTx, rows: QueuedMail[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(notifications)
    .values(rows.map((r) => ({ id: uuidv7(), ...r })))
    .onConflictDoNothing({ target: [notifications.dedupeKey, notifications.recipient] })
    .returning({ id: notifications.id });
  return inserted.length;
}
