import { preparedRows, type DbOrTx } from "@/db/client";
import { Params } from "@/db/params";
import type { PostResult } from "./post-webhook";

/** An automatic attempt made on a claimed event, ready to be recorded. */
export type AutomaticAttempt = {
  eventId: string;
  url: string;
  result: PostResult;
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
