import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

/**
 * The people-facing attempt limits on the shared `rate_limit_counters` table: sign-in
 * (lib/users/sign-in-limits.ts: a bucket per account and per IP, each attempt counted in a
 * window ending `windowMinutes` after its minute), and sign-up and password reset
 * (lib/users/attempt-limits.ts: hourly windows).
 */

/** One sign-in attempt counted in both buckets (it commits on its own): the end of its window, epoch seconds as text. */
export async function countSignInAttempt(db: DbOrTx, input: { accountBucket: string; ipBucket: string; windowMinutes: number }): Promise<string> {
  const hit = await queryRows<{ until_epoch: string | number }>(
    db,
    sql`insert into rate_limit_counters (bucket, window_start, count)
        values (${input.accountBucket}, date_trunc('minute', now()) + make_interval(mins => ${input.windowMinutes}), 1),
               (${input.ipBucket}, date_trunc('minute', now()) + make_interval(mins => ${input.windowMinutes}), 1)
        on conflict (bucket, window_start) do update set count = rate_limit_counters.count + 1
        returning extract(epoch from window_start)::bigint::text as until_epoch`,
  );
  return String(hit[0]!.until_epoch);
}

/** Takes one attempt back out of these buckets' window ending at `until` (epoch seconds). */
export async function uncountSignInAttempt(db: DbOrTx, input: { buckets: string[]; until: string }): Promise<void> {
  await queryRows(
    db,
    sql`update rate_limit_counters set count = greatest(count - 1, 0)
        where bucket in (${sql.join(
          input.buckets.map((n) => sql`${n}`),
          sql`, `,
        )}) and window_start = to_timestamp(${input.until}::bigint)`,
  );
}

/** A bucket's window still counting: its count, when it ends and the seconds left. */
export type AttemptCountRow = { bucket: string; until_epoch: string | number; seconds_left: string | number; count: number };

/** Every window of these two buckets still counting, oldest first. */
export function liveAttemptCounts(db: DbOrTx, input: { accountBucket: string; ipBucket: string }): Promise<AttemptCountRow[]> {
  return queryRows<AttemptCountRow>(
    db,
    sql`select bucket, count, extract(epoch from window_start)::bigint::text as until_epoch,
               ceil(extract(epoch from window_start - now()))::int as seconds_left
        from rate_limit_counters
        where bucket in (${input.accountBucket}, ${input.ipBucket}) and window_start > now()
        order by window_start`,
  );
}

/** Forgets a bucket's every window (a successful sign-in, a new password). */
export async function clearAttemptBucket(db: DbOrTx, bucket: string): Promise<void> {
  await queryRows(db, sql`delete from rate_limit_counters where bucket = ${bucket}`);
}

/** The businesses an account (by email, already lower-cased) is a member of. */
export function membershipsByEmail(db: DbOrTx, email: string): Promise<{ user_id: string; merchant_id: string }[]> {
  return queryRows<{ user_id: string; merchant_id: string }>(
    db,
    sql`select u.id as user_id, m.merchant_id from users u join memberships m on m.user_id = u.id
        where u.email = ${email}`,
  );
}

/** One attempt counted in both buckets' current hour: each bucket's count and the seconds its hour has left. */
export function countHourlyAttempt(
  db: DbOrTx,
  input: { emailBucket: string; ipBucket: string },
): Promise<{ bucket: string; count: number; seconds_left: number }[]> {
  return queryRows<{ bucket: string; count: number; seconds_left: number }>(
    db,
    sql`insert into rate_limit_counters (bucket, window_start, count)
        values (${input.emailBucket}, date_trunc('hour', now()) + interval '1 hour', 1),
               (${input.ipBucket}, date_trunc('hour', now()) + interval '1 hour', 1)
        on conflict (bucket, window_start) do update set count = rate_limit_counters.count + 1
        returning bucket, count, ceil(extract(epoch from window_start - now()))::int as seconds_left`,
  );
}
