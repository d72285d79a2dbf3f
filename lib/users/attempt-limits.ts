import type { DbOrTx } from "@/db/client";
import { countHourlyAttempt } from "@/db/statements/attempt-counters";
import { appError } from "@/lib/errors";

/**
 * Hourly attempt limits for account actions that cost an argon2 hash or send a mail (sign-up,
 * forgot-password): each attempt is counted in `rate_limit_counters` (shared by every app
 * instance) BEFORE any work, per email and per client IP, in a window that ends at the top of
 * the next hour (the row's timestamp is when it stops counting, as for sign-in limits; the
 * table's pruning drops it 5 minutes later). Over a limit: a 429 naming the minutes to wait.
 */
export type AttemptKind = { name: string; perEmail: number; perIp: number; message: (minutes: number) => string };

/**
 * 5 per email and (`OWO_SIGNUP_LIMIT_PER_IP`, default) 10 per IP an hour. The per-IP limit is
 * an operator setting for networks where many people share one address (an office, the e2e run).
 */
export const SIGN_UP_LIMITS: AttemptKind = {
  name: "signup",
  perEmail: 5,
  get perIp() {
    const n = Number(process.env.OWO_SIGNUP_LIMIT_PER_IP);
    return Number.isInteger(n) && n > 0 ? n : 10;
  },
  message: (m) => `Too many sign-up attempts. Try again in ${minutes(m)}.`,
};

export const PASSWORD_RESET_LIMITS: AttemptKind = {
  name: "pwreset",
  perEmail: 3,
  perIp: 10,
  message: (m) => `Too many password reset requests. Try again in ${minutes(m)}.`,
};

const minutes = (m: number) => `${m} ${m === 1 ? "minute" : "minutes"}`;

export async function countAttempt(db: DbOrTx, kind: AttemptKind, input: { email: string; ip: string }): Promise<void> {
  const emailBucket = `${kind.name}:email:${input.email.trim().toLowerCase()}`;
  const ipBucket = `${kind.name}:ip:${input.ip}`;
  const rows = await countHourlyAttempt(db, { emailBucket, ipBucket });
  const over = rows.filter((r) => Number(r.count) > (r.bucket === emailBucket ? kind.perEmail : kind.perIp));
  if (over.length === 0) return;
  const wait = Math.max(1, Math.ceil(Math.max(...over.map((r) => Number(r.seconds_left))) / 60));
  throw appError("HTTP_ERROR", { status: 429, message: kind.message(wait) });
}
