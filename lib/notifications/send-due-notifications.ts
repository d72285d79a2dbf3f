import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/db/client";
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

type Claimed = { id: string; recipient: string; subject: string; body: string; attempts: number; kind: string };

/**
 * The sending half of the notification outbox. Due rows are claimed in one statement (`FOR
 * UPDATE SKIP LOCKED`, the lease pushed forward), so two scheduler passes or two instances
 * never send the same row; each is marked sent the moment the server accepted it, or put
 * back with a backoff when the mail server did not answer (nothing is lost while it is down).
 */
export async function sendDueNotifications(db: Db, opts: { ids?: string[] } = {}): Promise<number> {
  if (!smtpConfigured()) return 0;
  const only = opts.ids?.length
    ? sql`and id in (${sql.join(
        opts.ids.map((i) => sql`${i}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const claimed = await queryRows<Claimed>(
    db,
    sql`
    update notifications n set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = n.attempts + 1
    where n.id in (
      select id from notifications where status = 'pending' and next_attempt_at <= now() ${only}
      order by next_attempt_at limit ${BATCH} for update skip locked)
    returning n.id, n.recipient, n.subject, n.body, n.attempts, n.kind`,
  );
  for (const row of claimed) {
    const result = await sendMail({ to: row.recipient, subject: row.subject, text: row.body, purpose: `${row.kind} notification` });
    if (result === "sent") {
      await db.execute(sql`update notifications set status = 'sent', sent_at = now() where id = ${row.id}::uuid`);
    } else if (row.attempts >= MAX_ATTEMPTS) {
      await db.execute(sql`update notifications set status = 'failed' where id = ${row.id}::uuid`);
    } else {
      await db.execute(
        sql`update notifications set next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)}) where id = ${row.id}::uuid`,
      );
    }
  }
  return claimed.length;
}
