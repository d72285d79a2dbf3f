import { preparedRows, type DbOrTx } from "@/db/client";
import { Params } from "@/db/params";
import type { Mode } from "@/db/schema";
import { prefixedId } from "@/lib/ids";

export type EmitInput = {
  merchantId: string;
  mode: Mode;
  /** The key pair that owns the resource: its webhook URL and secret are used. */
  keyPairId: string;
  type: string;
  data: Record<string, unknown>;
};

/**
 * The CTE `ev` that writes events to the outbox inside a statement (in the given order, which
 * is their commit order per key), skipped when the caller's `gate` CTE yielded no row. A key
 * with no webhook URL has nowhere to deliver: its event is recorded (GET /v1/events lists it)
 * as no_endpoint at once, so nothing claims it after commit. `ev` returns id and
 * delivery_status; `pendingEventIds` reads what to hand to deliverAfterCommit.
 */
export function eventCtes(p: Params, inputs: EmitInput[], opts: { gate?: string } = {}): string {
  const rows = inputs.map((input) => ({
    id: prefixedId("event"),
    merchant_id: input.merchantId,
    mode: input.mode,
    key_pair_id: input.keyPairId,
    type: input.type,
    data: input.data,
  }));
  return `ev as (
      insert into events (id, merchant_id, mode, key_pair_id, type, data, delivery_status, next_attempt_at)
      select x.id, x.merchant_id, x.mode, x.key_pair_id, x.type, x.data,
             case when k.webhook_url is null then 'no_endpoint' else 'pending' end,
             case when k.webhook_url is null then null else now() end
      from rows from (jsonb_to_recordset(${p.json(rows)})
             as (id text, merchant_id uuid, mode text, key_pair_id uuid, type text, data jsonb)) with ordinality as x(id, merchant_id, mode, key_pair_id, type, data, n)
      left join api_key_pairs k on k.id = x.key_pair_id
      ${opts.gate ? `where exists (select 1 from ${opts.gate})` : ""}
      order by x.n
      returning id, delivery_status)`;
}

/** A column for the final select: the ids of the events `ev` wrote that have somewhere to go. */
export const pendingEventIds = `(select string_agg(id, ',') from ev where delivery_status = 'pending') as pending_event_ids`;

export const splitEventIds = (ids: string | null): string[] => (ids ? ids.split(",") : []);

/**
 * Writes events to the outbox in the caller's transaction (one statement however many):
 * no change without its event, no event without its change. Delivery starts after commit
 * (deliver-after-commit.ts) and the scheduler retries what is still due. Returns the ids of
 * the events that have somewhere to go: what to hand to deliverAfterCommit.
 */
export async function emitEvents(tx: DbOrTx, inputs: EmitInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const p = new Params();
  const [row] = await preparedRows<{ pending_event_ids: string | null }>(tx, `with ${eventCtes(p, inputs)} select ${pendingEventIds}`, p.values);
  return splitEventIds(row!.pending_event_ids);
}

/** One event; returns its id (the `webhook-id`) whether or not it has somewhere to go. */
export async function emitEvent(tx: DbOrTx, input: EmitInput): Promise<string> {
  const p = new Params();
  const [row] = await preparedRows<{ id: string }>(tx, `with ${eventCtes(p, [input])} select id from ev`, p.values);
  return row!.id;
}
