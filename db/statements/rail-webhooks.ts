import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";
import type { RailWebhookOutcome } from "@/db/schema";

/**
 * The rails' inbound side (lib/rail-inbound): a verified delivery stored once per dedupe key,
 * claimed under a lease, recorded or put off; money for no instrument held in suspense.
 */

/** A stored delivery, claimed: what processing it needs. */
export type ClaimedRailWebhook = { id: string; rail: string; body: string; attempts: number };

/** Stores a verified delivery once per rail and dedupe key: its id (the first one's, for a repeat). */
export async function storeRailWebhook(db: DbOrTx, input: { id: string; rail: string; dedupeKey: string; body: string }): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into rail_webhooks (id, rail, dedupe_key, body) values (${input.id}::uuid, ${input.rail}, ${input.dedupeKey}, ${input.body})
        on conflict (rail, dedupe_key) do update set rail = excluded.rail
        returning id`,
  );
  return row!.id;
}

/** Claims one delivery under a lease of `leaseSeconds`, if it is unprocessed, due and not taken. */
export async function claimRailWebhook(db: DbOrTx, input: { id: string; leaseSeconds: number }): Promise<ClaimedRailWebhook | undefined> {
  const [claimed] = await queryRows<ClaimedRailWebhook>(
    db,
    sql`update rail_webhooks set next_attempt_at = now() + make_interval(secs => ${input.leaseSeconds}), attempts = attempts + 1
        where id = ${input.id}::uuid and processed_at is null and next_attempt_at <= now()
        returning id, rail, body, attempts`,
  );
  return claimed;
}

/** Claims up to `limit` unprocessed due deliveries, oldest due first, skipping locked ones, under a lease. */
export function claimDueRailWebhooks(db: DbOrTx, input: { limit: number; leaseSeconds: number }): Promise<ClaimedRailWebhook[]> {
  return queryRows<ClaimedRailWebhook>(
    db,
    sql`update rail_webhooks set next_attempt_at = now() + make_interval(secs => ${input.leaseSeconds}), attempts = attempts + 1
        where id in (select id from rail_webhooks where processed_at is null and next_attempt_at <= now()
                     order by next_attempt_at limit ${input.limit} for update skip locked)
        returning id, rail, body, attempts`,
  );
}

/** A delivery processed: its outcome and detail, never due again. */
export async function finishRailWebhook(db: DbOrTx, input: { id: string; outcome: RailWebhookOutcome; detail: string | null }): Promise<void> {
  await queryRows(
    db,
    sql`update rail_webhooks set processed_at = now(), outcome = ${input.outcome}, detail = ${input.detail}, next_attempt_at = null where id = ${input.id}::uuid`,
  );
}

/** A delivery put off: why, and due again in `seconds`. */
export async function postponeRailWebhook(db: DbOrTx, input: { id: string; detail: string; seconds: number }): Promise<void> {
  await queryRows(
    db,
    sql`update rail_webhooks set detail = ${input.detail}, next_attempt_at = now() + make_interval(secs => ${input.seconds}) where id = ${input.id}::uuid`,
  );
}

/** Money for no instrument, as the provider reported it (lib/rails/rail.ts RailInbound). */
export type SuspenseInbound = {
  providerReference: string;
  amount: number;
  fee?: number | null;
  accountNumber: string | null;
  accountReference: string | null;
  payer: unknown;
  sessionId: string | null;
};

/** One suspense row per rail and provider transaction: its id, or none when it was held before. */
export async function insertRailSuspense(
  tx: DbOrTx,
  input: { id: string; rail: string; inbound: SuspenseInbound; reason: string },
): Promise<{ id: string } | undefined> {
  const { inbound } = input;
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into rail_suspense (id, rail, provider_reference, amount, provider_fee, account_number, account_reference, payer, session_id, reason)
        values (${input.id}::uuid, ${input.rail}, ${inbound.providerReference}, ${inbound.amount}, ${inbound.fee ?? 0}, ${inbound.accountNumber},
                ${inbound.accountReference}, ${JSON.stringify(inbound.payer)}::jsonb, ${inbound.sessionId}, ${input.reason})
        on conflict (rail, provider_reference) do nothing
        returning id`,
  );
  return row;
}

/** A rail's webhooks for the admin's Rails page: the last received, the last day's failures, the unprocessed. */
export async function railWebhookHealth(db: DbOrTx, rail: string): Promise<{ last: string | null; failures: number; unprocessed: number } | undefined> {
  const [hooks] = await queryRows<{ last: string | null; failures: number; unprocessed: number }>(
    db,
    sql`select max(received_at)::text as last,
               count(*) filter (where received_at > now() - interval '24 hours' and outcome in ('not_confirmed', 'failed'))::int as failures,
               count(*) filter (where processed_at is null)::int as unprocessed
        from rail_webhooks where rail = ${rail}`,
  );
  return hooks;
}

/** How many transfers are pending at a rail. */
export async function countPendingAtRail(db: DbOrTx, rail: string): Promise<number | undefined> {
  const [pending] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from transfers where status = 'pending' and rail = ${rail}`);
  return pending?.n;
}

/** Pending transfers a rail flagged for a person, oldest first (at most 20). */
export function railAttentionTransfers(db: DbOrTx, rail: string): Promise<{ reference: string; amount: number; note: string; since: string }[]> {
  return queryRows<{ reference: string; amount: number; note: string; since: string }>(
    db,
    sql`select reference, amount::bigint::float8 as amount, rail_attention as note, updated_at::text as since
        from transfers where status = 'pending' and rail = ${rail} and rail_attention is not null order by updated_at limit 20`,
  );
}

/** Open suspense rows and flagged pending transfers: what the Rails page's badge counts. */
export async function countRailsNeedingAttention(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select ((select count(*) from rail_suspense where status = 'open')
              + (select count(*) from transfers where status = 'pending' and rail_attention is not null))::int as n`,
  );
  return row?.n ?? 0;
}

/** The Lagos day's fees on a rail's payments and completed payouts: Owo's and the provider's (kobo, as text). */
export async function railFeesToday(db: DbOrTx, rail: string): Promise<{ owo: string; provider: string } | undefined> {
  const [row] = await queryRows<{ owo: string; provider: string }>(
    db,
    sql`with midnight as (select (date_trunc('day', now() at time zone 'Africa/Lagos') at time zone 'Africa/Lagos') as t)
        select (coalesce((select sum(fee) from payments where rail = ${rail} and paid_at >= (select t from midnight)), 0)
              + coalesce((select sum(fee) from transfers where rail = ${rail} and status = 'completed' and completed_at >= (select t from midnight)), 0))::text as owo,
               (coalesce((select sum(rail_fee) from payments where rail = ${rail} and paid_at >= (select t from midnight)), 0)
              + coalesce((select sum(rail_fee) from transfers where rail = ${rail} and status = 'completed' and completed_at >= (select t from midnight)), 0))::text as provider`,
  );
  return row;
}
