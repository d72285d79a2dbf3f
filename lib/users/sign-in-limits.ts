import { CredentialsSignin } from "next-auth";
import type { DbOrTx } from "@/db/client";
import { clearAttemptBucket, countSignInAttempt, liveAttemptCounts, membershipsByEmail, uncountSignInAttempt } from "@/db/statements/attempt-counters";
import { recordAudit } from "@/lib/audit/record-audit";

/**
 * Sign-in attempt limits: at most 5 failed attempts per account (email) and 20 per client IP
 * in any 15 minutes. Counted in `rate_limit_counters` (the table the /v1 rate limits use), so
 * every app instance sees the same counts.
 *
 * A row here is (bucket, minute of the attempts + 15 minutes, count): its timestamp is when
 * those failures STOP counting (so a failure counts for 14 to 15 minutes: minute granularity), not when they started. The table's pruning (rate-limit.ts
 * `pruneRateLimitWindows`) drops rows 5 minutes past their timestamp, which for these rows is
 * after they have stopped counting; the per-minute /v1 rows are unaffected (other buckets).
 *
 * An attempt is counted BEFORE the password is checked (so a burst of parallel guesses cannot
 * all pass a check-then-count race) and un-counted when it succeeds: a successful sign-in
 * never counts against anyone, and it clears its account's failures. A refused attempt (over
 * the limit) is not counted either: hammering a locked account does not extend the lock, and
 * it costs no argon2 time.
 */
export const SIGN_IN_WINDOW_MINUTES = 15;
export const SIGN_IN_ACCOUNT_LIMIT = 5;
export const SIGN_IN_IP_LIMIT = 20;

const ACCOUNT_PREFIX = "signin:account:";
const IP_PREFIX = "signin:ip:";

export function signInBuckets(input: { email: string; ip: string }) {
  return {
    account: { name: ACCOUNT_PREFIX + input.email.trim().toLowerCase(), limit: SIGN_IN_ACCOUNT_LIMIT },
    ip: { name: IP_PREFIX + input.ip, limit: SIGN_IN_IP_LIMIT },
  };
}

export function tooManyAttemptsMessage(minutes: number): string {
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * Thrown from Auth.js's `authorize` when an account or IP is over its limit. A CredentialsSignin
 * (so Auth.js rethrows it to the server-side `signIn` caller as is); `code` goes into the
 * redirect URL when the Auth.js HTTP endpoint is used, and tells the sign-in form which message
 * to show.
 */
export class SignInRateLimited extends CredentialsSignin {
  code = "rate_limited";
  readonly retryAfterMinutes: number;
  readonly userMessage: string;
  constructor(retryAfterMinutes: number) {
    super(tooManyAttemptsMessage(retryAfterMinutes));
    this.retryAfterMinutes = retryAfterMinutes;
    this.userMessage = tooManyAttemptsMessage(retryAfterMinutes);
  }
}

/**
 * What the sign-in form shows for a failed `signIn` (an AuthError): the message of our own
 * errors (too many attempts; the two-factor step's, two-factor/sign-in-errors.ts), else the
 * wrong-password one. Brand-checked, not instanceof (bundles).
 */
export function signInFailureMessage(err: unknown): string {
  const e = err as { code?: unknown; userMessage?: unknown } | null;
  if (typeof e?.code === "string" && typeof e.userMessage === "string") return e.userMessage;
  return "Incorrect email or password.";
}

/**
 * Runs `verify` (the password check) under the limits. Answers its user on success, null on a
 * failed check; throws SignInRateLimited, without calling `verify`, when the account or the IP
 * is locked.
 */
export async function withSignInLimits<U extends { id: string }>(
  db: DbOrTx,
  input: { email: string; ip: string; userAgent?: string | null },
  verify: () => Promise<U | null>,
): Promise<U | null> {
  const b = signInBuckets(input);
  // 1. Count this attempt (it commits on its own: the read below then sees every instance's).
  const until = await countSignInAttempt(db, { accountBucket: b.account.name, ipBucket: b.ip.name, windowMinutes: SIGN_IN_WINDOW_MINUTES });
  const uncount = (names: string[]) => uncountSignInAttempt(db, { buckets: names, until });

  // 2. Every attempt still counting, this one included.
  const rows = await liveAttemptCounts(db, { accountBucket: b.account.name, ipBucket: b.ip.name });
  let waitSeconds = 0;
  for (const bucket of [b.account, b.ip]) {
    // Without this attempt: it is either refused (so not counted) or about to be verified.
    const mine = rows
      .filter((r) => r.bucket === bucket.name)
      .map((r) => ({ count: Number(r.count) - (String(r.until_epoch) === until ? 1 : 0), secondsLeft: Number(r.seconds_left) }));
    let total = mine.reduce((s, r) => s + r.count, 0);
    if (total < bucket.limit) continue;
    // Locked until enough of the oldest failures have stopped counting.
    for (const r of mine) {
      total -= r.count;
      if (total < bucket.limit) {
        waitSeconds = Math.max(waitSeconds, r.secondsLeft);
        break;
      }
    }
  }
  if (waitSeconds > 0) {
    await uncount([b.account.name, b.ip.name]);
    throw new SignInRateLimited(Math.max(1, Math.ceil(waitSeconds / 60)));
  }

  // 3. The password check, then settle: a success is un-counted and clears the account.
  let user: U | null;
  try {
    user = await verify();
  } catch (err) {
    await uncount([b.account.name, b.ip.name]).catch(() => {});
    throw err;
  }
  if (user) {
    await uncount([b.ip.name]);
    await clearAttemptBucket(db, b.account.name);
    return user;
  }
  const failures = rows.filter((r) => r.bucket === b.account.name).reduce((s, r) => s + Number(r.count), 0);
  if (failures === SIGN_IN_ACCOUNT_LIMIT) await auditAccountLocked(db, input);
  return null;
}

/**
 * `user.sign_in_blocked`, once per lock (on the failure that reaches the account limit), in
 * each business the account belongs to. Unknown emails have no business: nothing is written.
 */
async function auditAccountLocked(db: DbOrTx, input: { email: string; ip: string; userAgent?: string | null }): Promise<void> {
  const members = await membershipsByEmail(db, input.email.trim().toLowerCase());
  if (members.length === 0) return;
  await db.transaction(async (tx) => {
    for (const m of members) {
      await recordAudit(tx, {
        merchantId: m.merchant_id,
        actor: { type: "user", userId: m.user_id, ip: input.ip === "unknown" ? null : input.ip, userAgent: input.userAgent ?? null },
        action: "user.sign_in_blocked",
        targetType: "user",
        targetId: m.user_id,
        changes: { failed_attempts: { to: SIGN_IN_ACCOUNT_LIMIT }, locked_minutes: { to: SIGN_IN_WINDOW_MINUTES } },
      });
    }
  });
}
