import { preparedRows, type DbOrTx } from "@/db/client";
import { Params } from "@/db/params";
import type { CheckoutSession } from "@/db/schema";
import type { CountAlongside, PreparedRead } from "./prefetch";
import { rateLimitPassed } from "./rate-limit";

/** A text[] parameter: the array literal, every element quoted. */
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;

/**
 * The session row and its `created` entry: one text for every session, prepared once per
 * connection. Its last parameter is the rate-limit nonce (PendingRateLimit.alongside: the
 * request's count travels just ahead of it; null when counted already); it answers one row,
 * the new session's id (null when nothing was inserted) and whether the count let it through.
 */
const INSERT_SESSION = (() => {
  const p = new Params();
  // 27 session columns, then the `created` entry's id, data and time: the nonce comes last.
  const NONCE = "$31";
  const v = () => p.add(null);
  const text = `with s as (
      insert into checkout_sessions (id, reference, merchant_reference, merchant_id, mode, key_pair_id, settlement_pay_id_id, amount, currency,
                                     customer_email, customer_name, callback_url, metadata, line_items, enabled_payment_methods, crypto_assets,
                                     status, payment_method, attempts, virtual_account_id, dynamic_pay_id_id, payment_reference, paid_at,
                                     payment_link_id, expires_at, created_at, updated_at)
      select ${v()}::uuid, ${v()}::text, ${v()}::text, ${v()}::uuid, ${v()}::text, ${v()}::uuid, ${v()}::uuid, ${v()}::bigint, ${v()}::text,
              ${v()}::text, ${v()}::text, ${v()}::text, ${v()}::text::jsonb, ${v()}::text::jsonb, ${v()}::text[], ${v()}::text[],
              ${v()}::text, ${v()}::text, ${v()}::int, ${v()}::uuid, ${v()}::uuid, ${v()}::text, ${v()}::text::timestamptz,
              ${v()}::uuid, ${v()}::text::timestamptz, ${v()}::text::timestamptz, ${v()}::text::timestamptz
      where ${rateLimitPassed(NONCE)}
      on conflict do nothing
      returning id),
    e as (insert into session_events (id, session_id, type, data, created_at)
          select ${v()}::uuid, s.id, 'created', ${v()}::text::jsonb, ${v()}::text::timestamptz from s
          returning session_id)
    select (select session_id from e)::text as session_id, ${rateLimitPassed(NONCE)} as rate_limit_passed`;
  if (v() !== NONCE) throw new Error("INSERT_SESSION: the nonce is not its last parameter"); // the nonce
  return { text, count: p.values.length };
})();

const iso = (d: Date | null) => d?.toISOString() ?? null;
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Inserts the session and its `created` timeline entry (lib/sessions/initialize-session.ts) in
 * one prepared statement (one round trip, no transaction needed); with `limit`, the request's
 * rate-limit count travels with it (429 over the limit: nothing inserted). Nothing is inserted
 * when the caller's reference already has an active session (the partial unique index), or the
 * id or CHK_ reference is taken: false.
 */
export async function insertSessionWithCreated(
  tx: DbOrTx,
  s: CheckoutSession,
  created: { eventId: string; data: Record<string, unknown> },
  limit?: CountAlongside | null,
): Promise<boolean> {
  const eventId = created.eventId;
  const values = (nonce: string | null) => [
    s.id,
    s.reference,
    s.merchantReference,
    s.merchantId,
    s.mode,
    s.keyPairId,
    s.settlementPayIdId,
    String(s.amount),
    s.currency,
    s.customerEmail,
    s.customerName,
    s.callbackUrl,
    json(s.metadata),
    json(s.lineItems),
    textArray(s.enabledPaymentMethods),
    textArray(s.cryptoAssets),
    s.status,
    s.paymentMethod,
    String(s.attempts),
    s.virtualAccountId,
    s.dynamicPayIdId,
    s.paymentReference,
    iso(s.paidAt),
    s.paymentLinkId,
    iso(s.expiresAt),
    iso(s.createdAt),
    iso(s.updatedAt),
    eventId,
    JSON.stringify(created.data),
    iso(s.createdAt),
    nonce,
  ];
  if (values(null).length !== INSERT_SESSION.count) throw new Error("insertSessionWithCreated: parameters and statement disagree");
  type Row = { session_id: string | null };
  const rows = limit
    ? await limit.alongside<Row>(tx, (nonce) => ({ text: INSERT_SESSION.text, params: values(nonce) }))
    : await preparedRows<Row>(tx, INSERT_SESSION.text, values(null));
  return rows[0]?.session_id != null;
}

export type VerifyRow = Pick<
  CheckoutSession,
  "id" | "reference" | "merchantReference" | "merchantId" | "mode" | "keyPairId" | "status" | "currency" | "customerEmail" | "paymentMethod"
> & {
  amount: string;
  paidAtMs: string | null;
  expiresAtMs: string;
};

// The verify answer's columns and the ownership ones, nothing else (no jsonb or arrays to
// parse): one prepared statement, planned once per connection. Numbers and instants travel
// as text (int8 and timestamps come back differently from each driver, and Drizzle's
// postgres.js setup leaves timestamps unparsed): amount, and instants as epoch milliseconds
// (truncated, as a Date parsed from Postgres' microseconds would be).
const VERIFY_READ = `select id::text as "id", reference as "reference", merchant_reference as "merchantReference",
  merchant_id::text as "merchantId", mode as "mode", key_pair_id::text as "keyPairId", status as "status",
  amount::text as "amount", currency as "currency", customer_email as "customerEmail", payment_method as "paymentMethod",
  floor(extract(epoch from paid_at) * 1000)::bigint::text as "paidAtMs",
  floor(extract(epoch from expires_at) * 1000)::bigint::text as "expiresAtMs"
  from checkout_sessions where id = $1::uuid`;

/** The verify read as a prefetch, for the /v1 pipeline to send with its rate-limit count (the id a UUID). */
export const sessionVerifyRead = (sessionId: string): PreparedRead<VerifyRow> => ({ text: VERIFY_READ, params: [sessionId] });

/** The verify read on its own: one prepared round trip. */
export const readSessionForVerify = (tx: DbOrTx, sessionId: string): Promise<VerifyRow[]> => preparedRows<VerifyRow>(tx, VERIFY_READ, [sessionId]);
