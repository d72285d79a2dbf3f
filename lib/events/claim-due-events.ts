import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db, type DbOrTx } from "@/db/client";
import type { Mode } from "@/db/schema";
import { pauseArmed, pausePoint } from "@/lib/pause-points";
import { webhookTimeoutMs } from "./post-webhook";

/** A claimed event with everything its attempt needs (no second read before the POST). */
export type ClaimedEvent = {
  id: string;
  keyPairId: string;
  seq: number;
  mode: Mode;
  type: string;
  data: Record<string, unknown>;
  /** Automatic attempts made so far: what the retry schedule counts. */
  automaticAttempts: number;
  webhookUrl: string | null;
  webhookSecret: string;
  previousWebhookSecret: string | null;
  webhookSecretRotatedAt: Date | null;
};

/**
 * A claim takes at most this many events of one key: they are attempted one after another
 * (after those the caller already holds for the key: `ahead`), so each one's lease outlasts
 * the attempts before it and its own, even when each one times out.
 */
export const MAX_PER_KEY_PER_CLAIM = 10;

/** Seconds one attempt may take at most, with room for the URL's DNS check and its record. */
const attemptSeconds = () => Math.ceil((webhookTimeoutMs() + 5_000) / 1000);

/**
 * Seconds a claimed event stays out of everyone else's reach while its attempt runs: the
 * lease of a key's first event in a claim; each later one of that claim gets one attempt
 * longer (it waits for those before it).
 */
export function leaseSeconds(): number {
  return attemptSeconds() + 15;
}

const inList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

type Row = {
  id: string;
  key_pair_id: string;
  seq: string | number;
  mode: Mode;
  type: string;
  data: Record<string, unknown> | string;
  automatic_attempts: string | number;
  webhook_url: string | null;
  webhook_secret: string;
  previous_webhook_secret: string | null;
  webhook_secret_rotated_at: Date | string | null;
};

/**
 * Claims due events in one statement, so concurrent scheduler passes, app instances and
 * after-commit wake-ups each attempt a due event once: candidates are locked `FOR UPDATE SKIP
 * LOCKED` (a concurrent claimer takes other rows instead of waiting for ours). The claim is a
 * lease: it pushes next_attempt_at into the future; the attempt then sets the real next time
 * (or clears it). A worker that dies mid-attempt leaves the lease to expire and the event is
 * retried.
 *
 * Order rule (supplement §4: first attempts of a key go out in the order the events
 * happened): an event not yet attempted is claimable only if every earlier not-yet-attempted
 * pending event of its key is claimed by this same statement; the caller then attempts a
 * key's events sequentially in seq order. An earlier first attempt in flight elsewhere still
 * has attempts = 0 and is leased (not due, so not ours), which holds the later ones back.
 *
 * `heldIds`: events the caller itself claimed earlier and will attempt, in order, before
 * anything this claim gives it (the engine's per-key queue): they do not hold the key's later
 * events back, so a key's queue is topped up while its attempts run. Anyone else's claim still
 * sees them as earlier events awaiting their first attempt. `ahead`: per key, how many of
 * those the caller will attempt before this claim's first (each new event's lease covers them).
 *
 * `excludeKeyPairIds`: keys the caller wants nothing more for now (their queue is long
 * enough). `maxKeys`: at most this many keys (the earliest events' first).
 */
export async function claimDueEvents(
  tx: DbOrTx,
  input: {
    limit: number;
    eventIds?: string[];
    keyPairIds?: string[];
    excludeKeyPairIds?: string[];
    maxKeys?: number;
    heldIds?: string[];
    ahead?: Record<string, number>;
  },
): Promise<ClaimedEvent[]> {
  const filters: SQL[] = [];
  if (input.eventIds) {
    if (input.eventIds.length === 0) return [];
    filters.push(sql`and e.id in (${inList(input.eventIds)})`);
  }
  if (input.keyPairIds) {
    if (input.keyPairIds.length === 0) return [];
    filters.push(sql`and e.key_pair_id in (${inList(input.keyPairIds)})`);
  }
  if (input.excludeKeyPairIds && input.excludeKeyPairIds.length > 0) {
    filters.push(sql`and e.key_pair_id not in (${inList(input.excludeKeyPairIds)})`);
  }
  const maxKeys = input.maxKeys ?? input.limit;
  // One parameter each, however many.
  const heldIds = JSON.stringify(input.heldIds ?? []);
  const ahead = JSON.stringify(input.ahead ?? {});
  const rows = await queryRows<Row>(
    tx,
    sql`with candidates as (
          select e.id, e.key_pair_id, e.seq, e.attempts
          from events e
          where e.delivery_status = 'pending' and e.next_attempt_at <= now() ${sql.join(filters, sql` `)}
          order by e.seq
          limit ${input.limit}
          for update skip locked
        ),
        blockers as materialized (
          -- Per key, the earliest first attempt neither in this claim nor held by the caller:
          -- nothing of the key at or after it may go first. Materialized, and one short walk of
          -- the partial index per key (not a scan per candidate row, whatever the statistics say).
          select k.key_pair_id, b.seq
          from (select distinct key_pair_id from candidates) k
          cross join lateral (
            select p.seq from events p
            where p.key_pair_id = k.key_pair_id and p.delivery_status = 'pending' and p.attempts = 0
              and p.id not in (select id from candidates)
              and p.id not in (select jsonb_array_elements_text(${heldIds}::jsonb))
            order by p.seq
            limit 1
          ) b
        ),
        in_order as (
          select c.id, c.key_pair_id, c.seq
          from candidates c left join blockers b on b.key_pair_id = c.key_pair_id
          where c.attempts > 0 or b.seq is null or c.seq < b.seq
        ),
        ranked as (
          select id, key_pair_id, seq,
                 row_number() over (partition by key_pair_id order by seq) as n,
                 min(seq) over (partition by key_pair_id) as first_seq
          from in_order
        ),
        capped as (
          select id, n from (
            select id, n, dense_rank() over (order by first_seq) as k from ranked
          ) r
          where n <= ${MAX_PER_KEY_PER_CLAIM} and k <= ${maxKeys}
        )
        update events e
        set next_attempt_at = now() + (${leaseSeconds()}::int
              + (coalesce((${ahead}::jsonb ->> e.key_pair_id::text)::int, 0) + capped.n - 1) * ${attemptSeconds()}::int) * interval '1 second'
        from capped, api_key_pairs k
        where e.id = capped.id and k.id = e.key_pair_id
        returning e.id, e.key_pair_id, e.seq, e.mode, e.type, e.data,
          case when e.attempts = 0 then 0
               else (select count(*) from webhook_attempts a where a.event_id = e.id and a.trigger = 'automatic') end as automatic_attempts,
          k.webhook_url, k.webhook_secret, k.previous_webhook_secret, k.webhook_secret_rotated_at`,
  );
  return rows
    .map((r) => ({
      id: r.id,
      keyPairId: r.key_pair_id,
      seq: Number(r.seq),
      mode: r.mode,
      type: r.type,
      data: typeof r.data === "string" ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
      automaticAttempts: Number(r.automatic_attempts),
      webhookUrl: r.webhook_url,
      webhookSecret: r.webhook_secret,
      previousWebhookSecret: r.previous_webhook_secret,
      webhookSecretRotatedAt: r.webhook_secret_rotated_at == null ? null : new Date(r.webhook_secret_rotated_at),
    }))
    .sort((a, b) => a.seq - b.seq);
}

/** Where a claimer stops (tests only, lib/pause-points.ts) with its claim made and its transaction still open. */
export const CLAIMED_PAUSE = "webhooks.claimed";

/**
 * The engine's claim: claimDueEvents as one statement, committed at once (one round trip).
 * Until it commits the claimed rows stay locked, which concurrent claimers skip (SKIP LOCKED)
 * instead of waiting on them; race tests hold it open at CLAIMED_PAUSE, in a transaction.
 */
export async function claimDueBatch(db: Db, input: Parameters<typeof claimDueEvents>[1]): Promise<ClaimedEvent[]> {
  if (!pauseArmed(CLAIMED_PAUSE)) return claimDueEvents(db, input);
  return db.transaction(async (tx) => {
    const claimed = await claimDueEvents(tx, input);
    await pausePoint(CLAIMED_PAUSE);
    return claimed;
  });
}
