import type { Params } from "@/db/params";
import type { Mode } from "@/db/schema";

/** One event for the outbox, its id already made (lib/events/emit-event.ts). */
export type OutboxRow = { id: string; merchant_id: string; mode: Mode; key_pair_id: string; type: string; data: Record<string, unknown> };

/**
 * The CTE `ev` that writes events to the outbox inside a statement (in the given order, which
 * is their commit order per key), skipped when the caller's `gate` CTE yielded no row. A key
 * with no webhook URL has nowhere to deliver: its event is recorded (GET /v1/events lists it)
 * as no_endpoint at once, so nothing claims it after commit. `ev` returns id and
 * delivery_status; `PENDING_EVENT_IDS` reads what to hand to deliverAfterCommit.
 */
export function outboxCte(p: Params, rows: OutboxRow[], opts: { gate?: string } = {}): string {
  return `ev as (
      insert into events (id, merchant_id, mode, key_pair_id, type, data, delivery_status, next_attempt_at)
      select x.id, x.merchant_id, x.mode, x.key_pair_id, x.type, x.data,
             case when k.webhook_url is null then 'no_endpoint' else 'pending' end,
             case when k.webhook_url is null then null else now() end
      from rows from (jsonb_to_recordset(${p.json(rows)})
             as (id text, merchant_id uuid, mode text, key_pair_id uuid, type text, data jsonb)) with ordinality as x(id, merchant_id, mode, key_pair_id, type, data, n)
      -- One index probe per event (OFFSET 0 keeps it a nested loop: a plain join let the
      -- generic plan hash a scan of every merchant's key pairs).
      left join lateral (select webhook_url from api_key_pairs where id = x.key_pair_id offset 0) k on true
      ${opts.gate ? `where exists (select 1 from ${opts.gate})` : ""}
      order by x.n
      returning id, delivery_status)`;
}

/** A column for the final select: the ids of the events `ev` wrote that have somewhere to go. */
export const PENDING_EVENT_IDS = `(select string_agg(id, ',') from ev where delivery_status = 'pending') as pending_event_ids`;
