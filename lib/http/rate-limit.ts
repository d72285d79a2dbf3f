import { sql } from "drizzle-orm";
import { getDb, preparedRows, queryRows, type DbOrTx } from "@/db/client";
import { rateLimitHitText, rateLimitHitWithReadText } from "@/db/statements/rate-limit";
import { AppError } from "@/lib/errors";

export type Bucket = { name: string; limit: number };
export type RateLimitState = { limit: number; remaining: number; resetAt: number };

const WINDOW_SECONDS = 60;

/**
 * A read a handler will need, sent in the rate-limit statement (route option `prefetch`): one
 * round trip instead of two. Constant text numbering its own parameters from $1 (no `$n`
 * inside string literals), one row or none, and unable to fail for the parameters given (a
 * failed read would undo the count). `Row` is the shape of that row once parsed from JSON.
 */
export type PreparedRead<Row> = { text: string; params: string[]; readonly row?: Row };

type HitRow = { bucket: string | null; count: number | null; window_epoch: string | number | null; pre?: string | null };

/**
 * Counts one request in each bucket for the current minute and answers the tightest state.
 * One prepared statement on an UNLOGGED table: shared by every app instance, and cheap. With
 * a `read`, its row comes back in the same statement as `prefetched` (else null).
 */
export async function hitRateLimit<Row = never>(
  buckets: Bucket[],
  read?: PreparedRead<Row> | null,
): Promise<RateLimitState & { exceeded: boolean; prefetched: Row[] | null }> {
  const db = await getDb();
  const names = buckets.map((b) => b.name);
  const rows = read
    ? await preparedRows<HitRow>(db, rateLimitHitWithReadText(buckets.length, read.text), [...names, ...read.params])
    : await preparedRows<HitRow>(db, rateLimitHitText(buckets.length), names);
  // Best effort between scheduler passes (which prune too).
  if (Math.random() < 0.002) pruneRateLimitWindows(db).catch(() => {});

  let state: (RateLimitState & { exceeded: boolean }) | null = null;
  const prefetched: Row[] | null = read ? [] : null;
  for (const row of rows) {
    if (row.pre != null) {
      prefetched!.push(JSON.parse(row.pre) as Row);
      continue;
    }
    const bucket = buckets.find((b) => b.name === row.bucket)!;
    const s = {
      limit: bucket.limit,
      remaining: Math.max(0, bucket.limit - Number(row.count)),
      resetAt: Number(row.window_epoch) + WINDOW_SECONDS,
      exceeded: Number(row.count) > bucket.limit,
    };
    if (state?.exceeded) continue; // the first bucket over its limit answers
    if (!state || s.exceeded || s.remaining < state.remaining) state = s;
  }
  return { ...state!, prefetched };
}

/** Drops windows older than a few minutes (they can never be read again); answers how many. */
export async function pruneRateLimitWindows(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from rate_limit_counters where window_start < now() - interval '5 minutes' returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "x-ratelimit-limit": String(state.limit),
    "x-ratelimit-remaining": String(state.remaining),
    "x-ratelimit-reset": String(state.resetAt),
  };
}

export function tooManyRequests(state: RateLimitState): AppError {
  const retryAfter = Math.max(1, state.resetAt - Math.floor(Date.now() / 1000));
  return new AppError({
    code: "HTTP_ERROR",
    status: 429,
    message: "Too Many Requests",
    headers: { ...rateLimitHeaders(state), "retry-after": String(retryAfter) },
  });
}
