import type { Db } from "@/db/client";
import { claimDueNotifications, markNotificationFailed, markNotificationSent, retryNotificationIn } from "@/db/statements/notifications";
import { sendMail, smtpConfigured } from "@/lib/mail/mailer";

/** An attempt's lease: a claimed row is nobody else's for this long (a crashed sender's row comes back after it). */
const LEASE_SECONDS = 120;
/** After this many failed attempts (about a day of backoff) a mail is given up as failed. */
export const MAX_ATTEMPTS = 12;
const BATCH = 50;

/** Seconds before the next try after the n-th failure: 30 s doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * The sending half of the notification outbox. Due rows are claimed in one statement (`FOR
 * UPDATE SKIP LOCKED`, the lease pushed forward), so two scheduler passes or two instances
 * never send the same row; each is marked sent the moment the server accepted it, or put
 * back with a backoff when the mail server did not answer (nothing is lost while it is down).
 */
export async function sendDueNotifications(db: Db, opts: { ids?: string[] } = {}): Promise<number> {
  if (!smtpConfigured()) return 0;
  const claimed = await claimDueNotifications(db, { ids: opts.ids, limit: BATCH, leaseSeconds: LEASE_SECONDS });
  for (const row of claimed) {
    const result = await sendMail({ to: row.recipient, subject: row.subject, text: row.body, purpose: `${row.kind} notification` });
    if (result === "sent") {
      await markNotificationSent(db, row.id);
    } else if (row.attempts >= MAX_ATTEMPTS) {
      await markNotificationFailed(db, row.id);
    } else {
      await retryNotificationIn(db, row.id, retryDelaySeconds(row.attempts));
    }
  }
  return claimed.length;
}
