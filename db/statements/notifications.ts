import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

/** The email outbox's hand-written statements (lib/notifications/send-due-notifications.ts). */

export type ClaimedNotification = { id: string; recipient: string; subject: string; body: string; attempts: number; kind: string };

/** Claims up to `limit` pending notifications that are due (only `ids`, when given), under a lease, skipping locked ones; each attempt counted. */
export function claimDueNotifications(db: DbOrTx, input: { ids?: string[]; limit: number; leaseSeconds: number }): Promise<ClaimedNotification[]> {
  const only = input.ids?.length
    ? sql`and id in (${sql.join(
        input.ids.map((i) => sql`${i}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return queryRows<ClaimedNotification>(
    db,
    sql`
    update notifications n set next_attempt_at = now() + make_interval(secs => ${input.leaseSeconds}), attempts = n.attempts + 1
    where n.id in (
      select id from notifications where status = 'pending' and next_attempt_at <= now() ${only}
      order by next_attempt_at limit ${input.limit} for update skip locked)
    returning n.id, n.recipient, n.subject, n.body, n.attempts, n.kind`,
  );
}

export async function markNotificationSent(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`update notifications set status = 'sent', sent_at = now() where id = ${id}::uuid`);
}

export async function markNotificationFailed(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`update notifications set status = 'failed' where id = ${id}::uuid`);
}

/** A notification due again in `seconds`. */
export async function retryNotificationIn(db: DbOrTx, id: string, seconds: number): Promise<void> {
  await db.execute(sql`update notifications set next_attempt_at = now() + make_interval(secs => ${seconds}) where id = ${id}::uuid`);
}

/** The merchant's brand columns every announcement reads. */
export type BrandRow = {
  merchant_id: string;
  name: string;
  display_name: string | null;
  brand_colour: string | null;
  logo_sha256: string | null;
  support_email: string | null;
  support_phone: string | null;
};
const brandCols = sql.raw(`m.id as merchant_id, m.name, m.display_name, m.brand_colour, m.logo_sha256, m.support_email, m.support_phone`);
/** The business's owners: who receives its notifications. */
const ownersCte = sql.raw(
  `owners as (select ms.merchant_id, lower(u.email) as email from memberships ms join users u on u.id = ms.user_id where ms.role = 'owner')`,
);

export type PayRow = BrandRow & {
  id: string;
  mode: string;
  amount: string;
  reference: string;
  channel: string;
  customer_name: string | null;
  paid_at: Date;
  email: string;
};

/** Completed payments at or above each opted-in merchant's threshold, one row per owner, not yet announced to them. (`window`: how far back, an interval as SQL.) */
export function paymentsToAnnounce(db: DbOrTx, input: { window: SQL; limit: number }): Promise<PayRow[]> {
  return queryRows<PayRow>(
    db,
    sql`
    with ${ownersCte}
    select p.id, p.mode, p.amount::text, p.reference, p.channel, p.customer_name, p.paid_at, o.email, ${brandCols}
    from notification_settings s
    join merchants m on m.id = s.merchant_id
    join payments p on p.merchant_id = s.merchant_id and p.paid_at >= s.payment_received_since and p.paid_at > now() - ${input.window}
      and p.amount >= coalesce(s.payment_received_min, 0) and p.status = 'completed'
    join owners o on o.merchant_id = s.merchant_id
    where s.payment_received_since is not null
      and not exists (select 1 from notifications n where n.dedupe_key = 'payment:' || p.id and n.recipient = o.email)
    limit ${input.limit}`,
  );
}

export type ReceiptRow = BrandRow & { id: string; mode: string; amount: string; reference: string; customer_name: string | null; paid_at: Date; email: string };

/** Completed payments of merchants sending payer receipts, to a payer email, not yet receipted. (`window`: how far back, an interval as SQL.) */
export function receiptsToSend(db: DbOrTx, input: { window: SQL; limit: number }): Promise<ReceiptRow[]> {
  return queryRows<ReceiptRow>(
    db,
    sql`
    select p.id, p.mode, p.amount::text, p.reference, p.customer_name, p.paid_at, lower(p.customer_email) as email, ${brandCols}
    from notification_settings s
    join merchants m on m.id = s.merchant_id
    join payments p on p.merchant_id = s.merchant_id and p.paid_at >= s.receipts_since and p.paid_at > now() - ${input.window} and p.status = 'completed'
    where s.receipts_since is not null and p.customer_email is not null and p.customer_email like '%@%'
      and not exists (select 1 from notifications n where n.dedupe_key = 'receipt:' || p.id)
    limit ${input.limit}`,
  );
}

export type PayoutRow = BrandRow & { id: string; mode: string; amount: string; reference: string; failure_reason: string | null; email: string };

/** Failed settlement payouts, one row per owner, not yet announced to them. (`window`: how far back, an interval as SQL.) */
export function failedPayoutsToAnnounce(db: DbOrTx, input: { window: SQL; limit: number }): Promise<PayoutRow[]> {
  return queryRows<PayoutRow>(
    db,
    sql`
    with ${ownersCte}
    select sp.id, sp.mode, sp.amount::text, sp.reference, sp.failure_reason, o.email, ${brandCols}
    from notification_settings s
    join merchants m on m.id = s.merchant_id
    join settlement_payouts sp on sp.merchant_id = s.merchant_id and sp.status = 'failed' and sp.updated_at >= s.payout_failed_since and sp.updated_at > now() - ${input.window}
    join owners o on o.merchant_id = s.merchant_id
    where s.payout_failed_since is not null
      and not exists (select 1 from notifications n where n.dedupe_key = 'payout_failed:' || sp.id and n.recipient = o.email)
    limit ${input.limit}`,
  );
}

export type RefundRow = BrandRow & { id: string; mode: string; amount: string; status: string; rejection_reason: string | null; email: string };

/** Refunds reviewed (approved or rejected), one row per owner, not yet announced to them. (`window`: how far back, an interval as SQL.) */
export function decidedRefundsToAnnounce(db: DbOrTx, input: { window: SQL; limit: number }): Promise<RefundRow[]> {
  return queryRows<RefundRow>(
    db,
    sql`
    with ${ownersCte}
    select r.id, r.mode, r.amount::text, r.status, r.rejection_reason, o.email, ${brandCols}
    from notification_settings s
    join merchants m on m.id = s.merchant_id
    join refunds r on r.merchant_id = s.merchant_id and r.reviewed_at is not null and r.reviewed_at >= s.refund_decided_since and r.reviewed_at > now() - ${input.window}
    join owners o on o.merchant_id = s.merchant_id
    where s.refund_decided_since is not null
      and not exists (select 1 from notifications n where n.dedupe_key = 'refund:' || r.id and n.recipient = o.email)
    limit ${input.limit}`,
  );
}

export type HookRow = BrandRow & { key_pair_id: string; mode: string; day: string; type: string; webhook_url: string | null; email: string };

/** Webhook endpoints (key pairs) with an exhausted event, once per Lagos day and owner, not yet announced. (`window`: how far back, an interval as SQL.) */
export function failingWebhooksToAnnounce(db: DbOrTx, input: { window: SQL; limit: number }): Promise<HookRow[]> {
  return queryRows<HookRow>(
    db,
    sql`
    with ${ownersCte}, failing as (
      select distinct on (e.key_pair_id, (e.created_at at time zone 'Africa/Lagos')::date)
        e.merchant_id, e.key_pair_id, e.mode, e.type, ((e.created_at at time zone 'Africa/Lagos')::date)::text as day
      from notification_settings s
      join events e on e.merchant_id = s.merchant_id and e.delivery_status = 'exhausted' and e.created_at >= s.webhook_failing_since and e.created_at > now() - ${input.window}
      where s.webhook_failing_since is not null
      order by e.key_pair_id, (e.created_at at time zone 'Africa/Lagos')::date, e.seq)
    select f.key_pair_id, f.mode, f.day, f.type, k.webhook_url, o.email, ${brandCols}
    from failing f
    join merchants m on m.id = f.merchant_id
    join api_key_pairs k on k.id = f.key_pair_id
    join owners o on o.merchant_id = f.merchant_id
    where not exists (select 1 from notifications n where n.dedupe_key = 'webhook_failing:' || f.key_pair_id || ':' || f.day and n.recipient = o.email)
    limit ${input.limit}`,
  );
}

export type InvoiceRow = BrandRow & {
  id: string;
  mode: string;
  invoice_number: string;
  customer_name: string;
  email: string;
  total: string;
  due_date: string;
  payment_url: string;
};

/** Invoices issued (sent, partial or overdue) not yet mailed to their customer. (`window`: how far back, an interval as SQL.) */
export function sentInvoicesToMail(db: DbOrTx, input: { window: SQL; limit: number }): Promise<InvoiceRow[]> {
  return queryRows<InvoiceRow>(
    db,
    sql`
    select i.id, i.mode, i.invoice_number, i.customer_name, lower(i.customer_email) as email, i.total::text, i.due_date::text, i.payment_url, ${brandCols}
    from invoices i
    join merchants m on m.id = i.merchant_id
    where i.issued_at is not null and i.issued_at > now() - ${input.window} and i.status in ('sent', 'partial', 'overdue')
      and not exists (select 1 from notifications n where n.dedupe_key = 'invoice:' || i.id)
    limit ${input.limit}`,
  );
}
