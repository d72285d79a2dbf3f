import { sql } from "drizzle-orm";
import { getDb, preparedRows } from "@/db/client";
import { AppError } from "@/lib/errors";

export type Bucket = { name: string; limit: number };
export type RateLimitState = { limit: number; remaining: number; resetAt: number };

const WINDOW_SECONDS = 60;

/** The statement for n buckets: built once per n (1 or 2), so the same text each time. */
const HIT_TEXT: string[] = [];
function hitText(n: number): string {
  const values = Array.from({ length: n }, (_, i) => `($${i + 1}::text, date_trunc('minute', now()), 1)`).join(", ");
  return `insert into rate_limit_counters (bucket, window_start, count) values ${values}
     on conflict (bucket, window_start) do update set count = rate_limit_counters.count + 1
     returning bucket, count, extract(epoch from window_start)::bigint::text as window_epoch`;
}

/**
 * Counts one request in each bucket for the current minute and answers the tightest state.
 * One prepared statement on an UNLOGGED table: shared by every app instance, and cheap.
 */
export async function hitRateLimit(buckets: Bucket[]): Promise<RateLimitState & { exceeded: boolean }> {
  const db = await getDb();
  const rows = await preparedRows<{ bucket: string; count: number; window_epoch: string | number }>(
    db,
    (HIT_TEXT[buckets.length] ??= hitText(buckets.length)),
    buckets.map((b) => b.name),
  );
  if (Math.random() < 0.002) void pruneOldWindows();

  let state: (RateLimitState & { exceeded: boolean }) | null = null;
  for (const row of rows) {
    const bucket = buckets.find((b) => b.name === row.bucket)!;
    const s = {
      limit: bucket.limit,
      remaining: Math.max(0, bucket.limit - Number(row.count)),
      resetAt: Number(row.window_epoch) + WINDOW_SECONDS,
      exceeded: Number(row.count) > bucket.limit,
    };
    if (!state || s.exceeded || (!state.exceeded && s.remaining < state.remaining)) state = s;
    if (s.exceeded) break;
  }
  return state!;
}

async function pruneOldWindows(): Promise<void> {
  try {
    const db = await getDb();
    await db.execute(sql`delete from rate_limit_counters where window_start < now() - interval '5 minutes'`);
  } catch {
    /* best effort: the scheduler prunes too */
  }
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
