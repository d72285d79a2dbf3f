import { behindPooler, getDb, pipelined, preparedRows, type DbOrTx } from "@/db/client";
import type { CountAlongside, PreparedRead, PreparedStatement } from "@/db/statements/prefetch";
import { pruneRateLimitWindows, rateLimitHitText, rateLimitHitWithReadText, rateLimitMarkedHitText } from "@/db/statements/rate-limit";
import { AppError, appError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";

export type Bucket = { name: string; limit: number };
export type RateLimitState = { limit: number; remaining: number; resetAt: number };

const WINDOW_SECONDS = 60;

// What a route prefetches and what a handler sends alongside the count are typed below the
// domains (db/statements/prefetch.ts), so no domain imports lib/http.
export type { PreparedRead } from "@/db/statements/prefetch";

type HitRow = { bucket: string | null; count: number | null; window_epoch: string | number | null; pre?: string | null };
type CountedState = RateLimitState & { exceeded: boolean };

/** The tightest state of the buckets' counted rows: the first bucket over its limit, else the one with the least left. */
function stateOf(buckets: Bucket[], rows: HitRow[]): CountedState {
  let state: CountedState | null = null;
  for (const row of rows) {
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
  return state!;
}

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

  if (!read) return { ...stateOf(buckets, rows), prefetched: null };
  const prefetched: Row[] = [];
  const counted: HitRow[] = [];
  for (const row of rows) {
    if (row.pre != null) prefetched.push(JSON.parse(row.pre) as Row);
    else counted.push(row);
  }
  return { ...stateOf(buckets, counted), prefetched };
}

/**
 * A request's rate-limit count left to its handler (route option `countInHandler`), so that a
 * write can travel with it: `alongside` sends the count and the handler's statement in one
 * round trip, the statement gated on the count (nothing is written over the limit). Every
 * request is still counted exactly once: by `alongside`, or by `count` (the route calls it when
 * the handler answered, or failed, without counting).
 */
export class PendingRateLimit implements CountAlongside {
  state: CountedState | null = null;

  constructor(readonly buckets: Bucket[]) {}

  /** Counts on its own, once (later calls answer the same state). */
  async count(): Promise<CountedState> {
    if (!this.state) {
      const { prefetched: _none, ...state } = await hitRateLimit(this.buckets);
      this.state ??= state;
    }
    return this.state;
  }

  /**
   * Counts this request and runs `build(nonce)` right behind the count on the same connection.
   * The statement must gate its writes on `rateLimitPassed(<the nonce's parameter>)` and answer
   * that gate as the boolean column `rate_limit_passed` of its first row. Over the limit it
   * throws 429 (the statement wrote nothing); counted already, the statement runs ungated, as it
   * does after its own count behind a pooler (DATABASE_URL `?pgbouncer=true`).
   */
  async alongside<T>(db: DbOrTx, build: (nonce: string | null) => PreparedStatement): Promise<T[]> {
    const ungated = () => {
      const s = build(null);
      return preparedRows<T>(db, s.text, s.params);
    };
    if (this.state) return ungated();
    // Through a transaction-mode pooler the statement behind the count may run on another
    // server connection and never see its mark: count first, then write ungated (two round
    // trips, each its own transaction as on the one-round-trip road, so the same exact count).
    if (behindPooler()) {
      const state = await this.count();
      if (state.exceeded) throw tooManyRequests(state);
      return ungated();
    }
    const nonce = randomBase62(20);
    const n = this.buckets.length;
    const hit = { text: rateLimitMarkedHitText(n), params: [...this.buckets.map((b) => b.name), ...this.buckets.map((b) => String(b.limit)), nonce] };
    const [counted, written] = await pipelined(db, [hit, build(nonce)]);
    if (counted!.status === "rejected") throw counted!.reason; // not counted; the statement saw no mark and wrote nothing
    this.state = stateOf(this.buckets, counted!.value as HitRow[]);
    if (this.state.exceeded) throw tooManyRequests(this.state);
    if (written!.status === "rejected") throw written!.reason;
    const rows = written!.value as (T & { rate_limit_passed?: boolean })[];
    // Within the limit, yet the statement missed the mark: another statement ran between the
    // two (PGlite serves every request on one connection). Counted already: run it ungated.
    if (rows[0]?.rate_limit_passed === false) return ungated();
    return rows;
  }
}

export { pruneRateLimitWindows };

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "x-ratelimit-limit": String(state.limit),
    "x-ratelimit-remaining": String(state.remaining),
    "x-ratelimit-reset": String(state.resetAt),
  };
}

export function tooManyRequests(state: RateLimitState): AppError {
  const retryAfter = Math.max(1, state.resetAt - Math.floor(Date.now() / 1000));
  return appError("HTTP_ERROR", { status: 429, message: "Too Many Requests", headers: { ...rateLimitHeaders(state), "retry-after": String(retryAfter) } });
}
