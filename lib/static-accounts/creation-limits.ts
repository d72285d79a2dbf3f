import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { staticAccountAttempts, type Mode } from "@/db/schema";
import { staticAccountErrors } from "./static-account-errors";

/** Supplement §5, per merchant and mode in the last hour (see assertCreateAllowed for how each is counted). */
export const MAX_CREATE_ATTEMPTS_PER_HOUR = 10;
export const MAX_IDENTITY_MISMATCHES_PER_HOUR = 5;

type Scope = { merchantId: string; mode: Mode };

/**
 * Supplement §5, the one place for the rule: a create is refused when the last hour already
 * holds 10 create attempts, or more than 5 identity mismatches. The two differ on purpose: the
 * 11th create is refused, but the 6th mismatch is still checked (and answered
 * IDENTITY_MISMATCH); only the create after it is refused. Concurrent creates may each pass
 * the count and overshoot by the number in flight; the window still closes right after them.
 */
export async function assertCreateAllowed(db: Db, scope: Scope): Promise<void> {
  const rows = await db
    .select({ kind: staticAccountAttempts.kind, n: count() })
    .from(staticAccountAttempts)
    .where(
      and(
        eq(staticAccountAttempts.merchantId, scope.merchantId),
        eq(staticAccountAttempts.mode, scope.mode),
        gt(staticAccountAttempts.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .groupBy(staticAccountAttempts.kind);
  const n = (kind: "create" | "mismatch") => rows.find((r) => r.kind === kind)?.n ?? 0;
  if (n("create") >= MAX_CREATE_ATTEMPTS_PER_HOUR || n("mismatch") > MAX_IDENTITY_MISMATCHES_PER_HOUR) throw staticAccountErrors.rateLimited();
}

/**
 * Records an attempt on the database handle itself, never in the create's transaction: the
 * request that fails right after (a mismatch, a bank refusal) must still count.
 */
export async function recordAttempt(db: Db, scope: Scope & { kind: "create" | "mismatch" }): Promise<void> {
  await db.insert(staticAccountAttempts).values({ merchantId: scope.merchantId, mode: scope.mode, kind: scope.kind });
}
