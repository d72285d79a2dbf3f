import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

/** The email outbox's hand-written statements (lib/notifications/send-due-notifications.ts). */

export type ClaimedNotification = { id: string; recipient: string; subject: string; body: string; attempts: number; kind: string };

/** Claims up to `limit` pending notifications that are due (only `ids`, when given), under a lease, skipping locked ones; each attempt counted. */
export function claimDueNotifications(db: DbOrTx, input: { ids?: string[]; limit: number; leaseSeconds: number }): Promise<ClaimedNotification[]> {
  const only = input.ids?.length
    ? sql`and id in (${sql.join(
        input.ids.map((i) => sql`${i}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return queryRows<ClaimedNotification>(
    db,
    sql`
    update notifications n set next_attempt_at = now() + make_interval(secs => ${input.leaseSeconds}), attempts = n.attempts + 1
    where n.id in (
      select id from notifications where status = 'pending' and next_attempt_at <= now() ${only}
      order by next_attempt_at limit ${input.limit} for update skip locked)
    returning n.id, n.recipient, n.subject, n.body, n.attempts, n.kind`,
  );
}

export async function markNotificationSent(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`update notifications set status = 'sent', sent_at = now() where id = ${id}::uuid`);
}

export async function markNotificationFailed(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`update notifications set status = 'failed' where id = ${id}::uuid`);
}

/** A notification due again in `seconds`. */
export async function retryNotificationIn(db: DbOrTx, id: string, seconds: number): Promise<void> {
  await db.execute(sql`update notifications set next_attempt_at = now() + make_interval(secs => ${seconds}) where id = ${id}::uuid`);
}
