import { sql, type SQL } from "drizzle-orm";
import { preparedRows, queryRows, type DbOrTx } from "@/db/client";
import { Params } from "@/db/params";
import type { Mode } from "@/db/schema";

/**
 * The webhook outbox's hand-written statements: the delivery engine's claim (lib/events/claim-due-events.ts),
 * the record of a batch of automatic attempts (lib/events/record-attempts.ts) and the wake-up
 * notice to other instances. Events are written by db/statements/event-outbox.ts.
 */

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

/** What a claim asks for (lib/events/claim-due-events.ts says what each means). */
export type ClaimDueInput = {
  limit: number;
  eventIds?: string[];
  keyPairIds?: string[];
  excludeKeyPairIds?: string[];
  maxKeys?: number;
  heldIds?: string[];
  ahead?: Record<string, number>;
};

/** The lease a claim takes, worked out by lib/events from the webhook timeout: seconds for the first event of a key, and per attempt ahead of it; at most `maxPerKey` events of one key. */
export type ClaimLease = { leaseSeconds: number; attemptSeconds: number; maxPerKey: number };

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
export async function claimDueEvents(tx: DbOrTx, input: ClaimDueInput & ClaimLease): Promise<ClaimedEvent[]> {
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
          where n <= ${input.maxPerKey} and k <= ${maxKeys}
        )
        update events e
        set next_attempt_at = now() + (${input.leaseSeconds}::int
              + (coalesce((${ahead}::jsonb ->> e.key_pair_id::text)::int, 0) + capped.n - 1) * ${input.attemptSeconds}::int) * interval '1 second'
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

/** An automatic attempt made on a claimed event, ready to be recorded. */
export type AutomaticAttempt = {
  eventId: string;
  url: string;
  /** What the POST answered (lib/events/post-webhook.ts PostResult). */
  result: { ok: boolean; statusCode: number | null; durationMs: number; snippet: string | null; error: string | null };
  /** Milliseconds until the next automatic attempt if this one failed; null: the schedule is used up (exhausted). */
  retryDelayMs: number | null;
};

/**
 * Records a batch of automatic attempts in one statement: each event's attempt count moves on
 * under its row lock (the update), so a manual resend finishing at the same time still gets its
 * own attempt number; success delivers; a failure schedules the retry, or exhausts the event,
 * only while it is still pending (a resend may have delivered it meanwhile). Each event at most
 * once per batch. Answers the attempt numbers, by event id.
 */
export async function recordAutomaticAttempts(tx: DbOrTx, attempts: AutomaticAttempt[]): Promise<Map<string, number>> {
  if (attempts.length === 0) return new Map();
  const p = new Params();
  const rows = attempts.map((a) => ({
    event_id: a.eventId,
    url: a.url,
    ok: a.result.ok,
    status_code: a.result.statusCode,
    duration_ms: a.result.durationMs,
    snippet: a.result.snippet,
    error: a.result.error,
    delay_ms: a.retryDelayMs,
  }));
  const recorded = await preparedRows<{ event_id: string; attempt_number: number }>(
    tx,
    `with input as (
       select * from jsonb_to_recordset(${p.json(rows)})
         as x(event_id text, url text, ok boolean, status_code int, duration_ms int, snippet text, error text, delay_ms int)
     ),
     moved as (
       update events e set
         attempts = e.attempts + 1,
         last_status_code = i.status_code,
         delivery_status = case when i.ok then 'delivered'
                                when e.delivery_status = 'pending' and i.delay_ms is null then 'exhausted'
                                else e.delivery_status end,
         delivered_at = case when i.ok then coalesce(e.delivered_at, now()) else e.delivered_at end,
         next_attempt_at = case when i.ok then null
                                when e.delivery_status = 'pending' then now() + i.delay_ms * interval '1 millisecond'
                                else e.next_attempt_at end
       from input i
       where e.id = i.event_id
       returning e.id, e.attempts
     )
     insert into webhook_attempts (event_id, attempt_number, trigger, url, status_code, duration_ms, response_snippet, error)
     select i.event_id, m.attempts, 'automatic', i.url, i.status_code, i.duration_ms, i.snippet, i.error
     from input i join moved m on m.id = i.event_id
     returning event_id, attempt_number`,
    p.values,
  );
  return new Map(recorded.map((r) => [r.event_id, Number(r.attempt_number)]));
}

/** Tells every instance listening on `channel` (lib/events/delivery-listener.ts) that there is work: `payload` names the sender. */
export async function notifyChannel(tx: DbOrTx, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}
