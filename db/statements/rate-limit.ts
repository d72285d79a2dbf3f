import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

/**
 * The rate-limit count (lib/http/rate-limit.ts): one prepared statement on the UNLOGGED
 * rate_limit_counters table, counting one request in each of n buckets ($1..$n) for the current
 * minute, optionally with a read the handler needs beside it (route option `prefetch`). The
 * texts are built once per shape, so each is the same text every time (prepared once).
 */
const HIT_TEXT: string[] = [];
const FUSED_TEXT = new Map<string, string[]>();

/** The count for n buckets (1 or 2). */
export function rateLimitHitText(n: number): string {
  return (HIT_TEXT[n] ??= `insert into rate_limit_counters (bucket, window_start, count) values ${Array.from(
    { length: n },
    (_, i) => `($${i + 1}::text, date_trunc('minute', now()), 1)`,
  ).join(", ")}
     on conflict (bucket, window_start) do update set count = rate_limit_counters.count + 1
     returning bucket, count, extract(epoch from window_start)::bigint::text as window_epoch`);
}

/**
 * The count with a read beside it (its parameters renumbered after the n buckets): the count's
 * rows, then the read's row as JSON in `pre`.
 */
export function rateLimitHitWithReadText(n: number, read: string): string {
  let byCount = FUSED_TEXT.get(read);
  if (!byCount) FUSED_TEXT.set(read, (byCount = []));
  return (byCount[n] ??= `with hit as (${rateLimitHitText(n)}),
     pre as (${read.replace(/\$(\d+)/g, (_, i: string) => `$${Number(i) + n}`)})
     select bucket, count, window_epoch, null::text as pre from hit
     union all select null::text, null::int, null::text, row_to_json(pre)::text from pre`);
}

/** The session setting a marked count leaves for the statement sent right behind it. */
export const RATE_LIMIT_PASS_SETTING = "owo.rate_limit_pass";

const MARKED_TEXT: string[] = [];

/**
 * The count for n buckets ($1..$n, their limits $n+1..$2n) that also leaves a mark on its
 * connection: the session setting RATE_LIMIT_PASS_SETTING becomes $2n+1 (the request's nonce)
 * when every bucket is within its limit, else ''. A statement pipelined right behind it on the
 * same connection (lib/http/rate-limit.ts `countAlongside`) gates its writes on
 * `rateLimitPassed(nonce parameter)`: it sees this request's own count, exactly, with no lock
 * held between the two (each is its own transaction). Direct connections only: behind a
 * transaction-mode pooler the two may land on different server connections, and the app counts
 * first instead (db/client.ts behindPooler).
 */
export function rateLimitMarkedHitText(n: number): string {
  const limits = Array.from({ length: n }, (_, i) => `($${i + 1}::text, $${n + i + 1}::int)`).join(", ");
  return (MARKED_TEXT[n] ??= `with hit as (${rateLimitHitText(n)}),
     lim(bucket, n) as (values ${limits}),
     mark as (select set_config('${RATE_LIMIT_PASS_SETTING}', case when bool_and(hit.count <= lim.n) then $${2 * n + 1}::text else '' end, false) as pass
              from hit join lim on lim.bucket = hit.bucket)
     select bucket, count, window_epoch, (select pass from mark) as pass from hit`);
}

/**
 * The gate of a statement sent behind a marked count: true when that count passed with this
 * nonce; a null nonce (the request was counted some other way) always passes.
 */
export const rateLimitPassed = (nonceParam: string) =>
  `(${nonceParam}::text is null or current_setting('${RATE_LIMIT_PASS_SETTING}', true) = ${nonceParam}::text)`;

/** Drops windows older than a few minutes (they can never be read again); answers how many. */
export async function pruneRateLimitWindows(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from rate_limit_counters where window_start < now() - interval '5 minutes' returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
