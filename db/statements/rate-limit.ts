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
