import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

/** `user.signed_in`: one audit row per business the user is a member of, in one statement; answers how many. */
export async function insertSignInAudits(db: DbOrTx, actor: { userId: string; ip: string | null; userAgent: string | null }): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    insert into audit_log (id, merchant_id, actor_type, actor_user_id, action, target_type, target_id, ip, user_agent)
    select gen_random_uuid(), m.merchant_id, 'user', ${actor.userId}::uuid, 'user.signed_in', 'user', ${actor.userId}, ${actor.ip}, ${actor.userAgent}
    from memberships m where m.user_id = ${actor.userId}::uuid
    returning id`,
  );
  return rows.length;
}
