import type { DbOrTx } from "@/db/client";

/**
 * A statement as text and parameters: constant text numbering its own parameters from $1 (so
 * the server prepares it once per connection), the values as strings or null.
 */
export type PreparedStatement = { text: string; params: (string | null)[] };

/**
 * A read a handler will need, sent in the rate-limit statement (route option `prefetch`,
 * lib/http/rate-limit.ts): one round trip instead of two. Constant text numbering its own
 * parameters from $1 (no `$n` inside string literals), one row or none, and unable to fail for
 * the parameters given (a failed read would undo the count). `Row` is the shape of that row once
 * parsed from JSON. The domains build it (transferPrefetch, verifyRead); the pipeline sends it.
 */
export type PreparedRead<Row> = { text: string; params: string[]; readonly row?: Row };

/**
 * A request's rate-limit count left to its handler (route option `countInHandler`), as a
 * domain sees it: `alongside` sends the count and the handler's statement in one round trip,
 * the statement gated on the count through `rateLimitPassed` (db/statements/rate-limit.ts) and
 * answering that gate as the column `rate_limit_passed` of its first row. Over the limit it
 * throws 429 and the statement wrote nothing. lib/http/rate-limit.ts `PendingRateLimit` is the
 * one implementation.
 */
export interface CountAlongside {
  alongside<T>(db: DbOrTx, build: (nonce: string | null) => PreparedStatement): Promise<T[]>;
}
