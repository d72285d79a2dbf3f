import { preparedRows, type DbOrTx } from "@/db/client";
import { Params } from "@/db/params";
import type { Mode } from "@/db/schema";

/** One event for the outbox, its id already made (lib/events/emit-event.ts). */
export type OutboxRow = { id: string; merchant_id: string; mode: Mode; key_pair_id: string; type: string; data: Record<string, unknown> };

/**
 * The CTE `<prefix>events` that writes events to the outbox inside a statement (in the given
 * order, which is their commit order per key), skipped when the caller's `gate` CTE yielded no
 * row. A key with no webhook URL has nowhere to deliver: its event is recorded (GET /v1/events
 * lists it) as no_endpoint at once, so nothing claims it after commit. The CTE returns id and
 * delivery_status; `pendingIds` is the column for the final select that reads what to hand to
 * deliverAfterCommit (`pending_event_ids`), `name` the CTE's name.
 */
export function outboxCte(p: Params, rows: OutboxRow[], opts: { prefix: string; gate?: string }): { cte: string; name: string; pendingIds: string } {
  const name = `${opts.prefix}events`;
  const cte = `${name} as (
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
  const pendingIds = `(select string_agg(id, ',') from ${name} where delivery_status = 'pending') as pending_event_ids`;
  return { cte, name, pendingIds };
}

/** Events into the outbox in one prepared statement: the ids of those that have somewhere to go, comma-separated. */
export async function insertEvents(tx: DbOrTx, rows: OutboxRow[]): Promise<string | null> {
  const p = new Params();
  const events = outboxCte(p, rows, { prefix: "" });
  const [row] = await preparedRows<{ pending_event_ids: string | null }>(tx, `with ${events.cte} select ${events.pendingIds}`, p.values);
  return row!.pending_event_ids;
}

/** One event into the outbox: its id, whether or not it has somewhere to go. */
export async function insertEvent(tx: DbOrTx, row: OutboxRow): Promise<string> {
  const p = new Params();
  const events = outboxCte(p, [row], { prefix: "" });
  const [inserted] = await preparedRows<{ id: string }>(tx, `with ${events.cte} select id from ${events.name}`, p.values);
  return inserted!.id;
}
