import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { staticAccountAttempts, type Mode } from "@/db/schema";
import { lockKeyForTransaction } from "@/db/statements/locks";
import { staticAccountErrors } from "./static-account-errors";

/** Supplement §5, per merchant and mode in the last hour (see claimCreateAttempt for how each is counted). */
export const MAX_CREATE_ATTEMPTS_PER_HOUR = 10;
export const MAX_IDENTITY_MISMATCHES_PER_HOUR = 5;

type Scope = { merchantId: string; mode: Mode };

/**
 * Supplement §5, the one place for the rule: a create is refused when the last hour already
 * holds 10 create attempts, or more than 5 identity mismatches. The two differ on purpose: the
 * 11th create is refused, but the 6th mismatch is still checked (and answered
 * IDENTITY_MISMATCH); only the create after it is refused.
 *
 * The count and the new attempt row are one transaction under a transaction-scoped advisory
 * lock of the merchant and mode, so requests in flight together queue for the count instead of
 * each passing it: exactly 10 creates an hour get through, however many arrive at once. The
 * attempt is committed before the bank is asked, so a request that fails after it (a mismatch,
 * a bank refusal) still counts.
 */
export async function claimCreateAttempt(db: Db, scope: Scope): Promise<void> {
  await db.transaction(async (tx) => {
    await lockKeyForTransaction(tx, `static-account-create:${scope.merchantId}:${scope.mode}`);
    const rows = await tx
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
    await tx.insert(staticAccountAttempts).values({ merchantId: scope.merchantId, mode: scope.mode, kind: "create" });
  });
}

/**
 * Records an identity mismatch on the database handle itself, never in the create's
 * transaction: the request fails right after, and the mismatch must still count.
 */
export async function recordMismatch(db: Db, scope: Scope): Promise<void> {
  await db.insert(staticAccountAttempts).values({ merchantId: scope.merchantId, mode: scope.mode, kind: "mismatch" });
}
