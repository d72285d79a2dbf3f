import { sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { queryRows, type Db, type DbOrTx } from "@/db/client";
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

type BrandRow = {
  merchant_id: string;
  name: string;
  display_name: string | null;
  brand_colour: string | null;
  logo_sha256: string | null;
  support_email: string | null;
  support_phone: string | null;
};
const brandCols = sql.raw(`m.id as merchant_id, m.name, m.display_name, m.brand_colour, m.logo_sha256, m.support_email, m.support_phone`);
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

/** The business's owners: who receives its notifications. */
const ownersCte = sql.raw(
  `owners as (select ms.merchant_id, lower(u.email) as email from memberships ms join users u on u.id = ms.user_id where ms.role = 'owner')`,
);

const link = (path: string) => {
  const base = configuredBaseUrl();
  return base ? `${base}${path}` : "Open your Owo dashboard.";
};

export async function queueDueNotifications(db: Db): Promise<number> {
  if (!smtpConfigured()) return 0;
  const rows: QueuedMail[] = [];

  type PayRow = BrandRow & {
    id: string;
    mode: string;
    amount: string;
    reference: string;
    channel: string;
    customer_name: string | null;
    paid_at: Date;
    email: string;
  };
  const paid = await queryRows<PayRow>(
    db,
    sql`
    with ${ownersCte}
    select p.id, p.mode, p.amount::text, p.reference, p.channel, p.customer_name, p.paid_at, o.email, ${brandCols}
    from notification_settings s
    join merchants m on m.id = s.merchant_id
    join payments p on p.merchant_id = s.merchant_id and p.paid_at >= s.payment_received_since and p.paid_at > now() - ${WINDOW}
      and p.amount >= coalesce(s.payment_received_min, 0) and p.status = 'completed'
    join owners o on o.merchant_id = s.merchant_id
    where s.payment_received_since is not null
      and not exists (select 1 from notifications n where n.dedupe_key = 'payment:' || p.id and n.recipient = o.email)
    limit ${BATCH}`,
  );
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

  type ReceiptRow = BrandRow & { id: string; mode: string; amount: string; reference: string; customer_name: string | null; paid_at: Date; email: string };
  const receipts = await queryRows<ReceiptRow>(
    db,
    sql`
    select p.id, p.mode, p.amount::text, p.reference, p.customer_name, p.paid_at, lower(p.customer_email) as email, ${brandCols}
    from notification_settings s
    join merchants m on m.id = s.merchant_id
    join payments p on p.merchant_id = s.merchant_id and p.paid_at >= s.receipts_since and p.paid_at > now() - ${WINDOW} and p.status = 'completed'
    where s.receipts_since is not null and p.customer_email is not null and p.customer_email like '%@%'
      and not exists (select 1 from notifications n where n.dedupe_key = 'receipt:' || p.id)
    limit ${BATCH}`,
  );
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

  type PayoutRow = BrandRow & { id: string; mode: string; amount: string; reference: string; failure_reason: string | null; email: string };
  const payouts = await queryRows<PayoutRow>(
    db,
    sql`
    with ${ownersCte}
    select sp.id, sp.mode, sp.amount::text, sp.reference, sp.failure_reason, o.email, ${brandCols}
    from notification_settings s
    join merchants m on m.id = s.merchant_id
    join settlement_payouts sp on sp.merchant_id = s.merchant_id and sp.status = 'failed' and sp.updated_at >= s.payout_failed_since and sp.updated_at > now() - ${WINDOW}
    join owners o on o.merchant_id = s.merchant_id
    where s.payout_failed_since is not null
      and not exists (select 1 from notifications n where n.dedupe_key = 'payout_failed:' || sp.id and n.recipient = o.email)
    limit ${BATCH}`,
  );
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

  type RefundRow = BrandRow & { id: string; mode: string; amount: string; status: string; rejection_reason: string | null; email: string };
  const refunds = await queryRows<RefundRow>(
    db,
    sql`
    with ${ownersCte}
    select r.id, r.mode, r.amount::text, r.status, r.rejection_reason, o.email, ${brandCols}
    from notification_settings s
    join merchants m on m.id = s.merchant_id
    join refunds r on r.merchant_id = s.merchant_id and r.reviewed_at is not null and r.reviewed_at >= s.refund_decided_since and r.reviewed_at > now() - ${WINDOW}
    join owners o on o.merchant_id = s.merchant_id
    where s.refund_decided_since is not null
      and not exists (select 1 from notifications n where n.dedupe_key = 'refund:' || r.id and n.recipient = o.email)
    limit ${BATCH}`,
  );
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
  type HookRow = BrandRow & { key_pair_id: string; mode: string; day: string; type: string; webhook_url: string | null; email: string };
  const hooks = await queryRows<HookRow>(
    db,
    sql`
    with ${ownersCte}, failing as (
      select distinct on (e.key_pair_id, (e.created_at at time zone 'Africa/Lagos')::date)
        e.merchant_id, e.key_pair_id, e.mode, e.type, ((e.created_at at time zone 'Africa/Lagos')::date)::text as day
      from notification_settings s
      join events e on e.merchant_id = s.merchant_id and e.delivery_status = 'exhausted' and e.created_at >= s.webhook_failing_since and e.created_at > now() - ${WINDOW}
      where s.webhook_failing_since is not null
      order by e.key_pair_id, (e.created_at at time zone 'Africa/Lagos')::date, e.seq)
    select f.key_pair_id, f.mode, f.day, f.type, k.webhook_url, o.email, ${brandCols}
    from failing f
    join merchants m on m.id = f.merchant_id
    join api_key_pairs k on k.id = f.key_pair_id
    join owners o on o.merchant_id = f.merchant_id
    where not exists (select 1 from notifications n where n.dedupe_key = 'webhook_failing:' || f.key_pair_id || ':' || f.day and n.recipient = o.email)
    limit ${BATCH}`,
  );
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

  type InvoiceRow = BrandRow & {
    id: string;
    mode: string;
    invoice_number: string;
    customer_name: string;
    email: string;
    total: string;
    due_date: string;
    payment_url: string;
  };
  const sent = await queryRows<InvoiceRow>(
    db,
    sql`
    select i.id, i.mode, i.invoice_number, i.customer_name, lower(i.customer_email) as email, i.total::text, i.due_date::text, i.payment_url, ${brandCols}
    from invoices i
    join merchants m on m.id = i.merchant_id
    where i.issued_at is not null and i.issued_at > now() - ${WINDOW} and i.status in ('sent', 'partial', 'overdue')
      and not exists (select 1 from notifications n where n.dedupe_key = 'invoice:' || i.id)
    limit ${BATCH}`,
  );
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
