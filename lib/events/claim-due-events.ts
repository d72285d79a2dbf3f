import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";
import { webhookTimeoutMs } from "./post-webhook";

export type ClaimedEvent = { id: string; keyPairId: string; seq: number };

/**
 * A claim takes at most this many events of one key: they are attempted one after another,
 * so the lease must outlast all of them even when each one times out.
 */
const MAX_PER_KEY_PER_CLAIM = 3;

/** Seconds a claimed event stays out of everyone else's reach while its attempt runs. */
export function leaseSeconds(): number {
  return Math.ceil((MAX_PER_KEY_PER_CLAIM * (webhookTimeoutMs() + 5_000)) / 1000) + 15;
}

const inList = (values: string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * Claims due events in one statement, so concurrent scheduler passes, app instances and
 * after-commit deliveries each attempt a due event once. The claim is a lease: it pushes
 * next_attempt_at into the future; the attempt then sets the real next time (or clears it).
 * A worker that dies mid-attempt leaves the lease to expire and the event is retried.
 *
 * Order rule (supplement §4: first attempts of a key go out in the order the events
 * happened): an event not yet attempted is claimable only if every earlier not-yet-attempted
 * pending event of its key is claimed by this same statement; the caller then attempts a
 * key's events sequentially in seq order. An earlier first attempt in flight elsewhere still
 * has attempts = 0 and is leased (not due, so not ours), which holds the later ones back.
 */
export async function claimDueEvents(
  tx: DbOrTx,
  input: { limit: number; eventIds?: string[]; keyPairIds?: string[] },
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
  const rows = await queryRows<{ id: string; key_pair_id: string; seq: string | number }>(
    tx,
    sql`with candidates as (
          select e.id, e.key_pair_id, e.seq, e.attempts
          from events e
          where e.delivery_status = 'pending' and e.next_attempt_at <= now() ${sql.join(filters, sql` `)}
          order by e.seq
          limit ${input.limit}
          for update skip locked
        ),
        in_order as (
          select c.id, c.key_pair_id, c.seq
          from candidates c
          where c.attempts > 0 or not exists (
            select 1 from events p
            where p.key_pair_id = c.key_pair_id and p.seq < c.seq
              and p.delivery_status = 'pending' and p.attempts = 0
              and not exists (select 1 from candidates q where q.id = p.id)
          )
        ),
        capped as (
          select id from (
            select id, row_number() over (partition by key_pair_id order by seq) as n from in_order
          ) ranked
          where n <= ${MAX_PER_KEY_PER_CLAIM}
        )
        update events e
        set next_attempt_at = now() + ${leaseSeconds()}::int * interval '1 second'
        from capped
        where e.id = capped.id
        returning e.id, e.key_pair_id, e.seq`,
  );
  return rows
    .map((r) => ({ id: r.id, keyPairId: r.key_pair_id, seq: Number(r.seq) }))
    .sort((a, b) => a.seq - b.seq);
}
