import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";
import type { Mode } from "@/db/schema";

/** The dashboard overview's hand-written reads (lib/overview). */

/**
 * What the completed refunds of a merchant's payments made since `since` gave back, by the
 * Lagos day of the payment: the amount and how many payments were refunded whole.
 */
export function refundedPaymentsByDay(tx: DbOrTx, input: { merchantId: string; mode: Mode; since: Date }) {
  return queryRows<{ day: string | Date; amount: number | string; whole: number | string }>(
    tx,
    sql`select owo_lagos_day(p.paid_at)::text as day, sum(r.refunded) as amount, count(*) filter (where r.refunded >= p.amount) as whole
        from (
          select payment_reference, sum(amount) as refunded from refunds
          where merchant_id = ${input.merchantId}::uuid and mode = ${input.mode} and status = 'completed' and created_at >= ${input.since.toISOString()}::timestamptz
          group by payment_reference
        ) r
        join payments p on p.reference = r.payment_reference and p.merchant_id = ${input.merchantId}::uuid and p.mode = ${input.mode}
        where p.paid_at >= ${input.since.toISOString()}::timestamptz
        group by 1`,
  );
}

/** Each "Get started" step's done flag (lib/overview/get-started.ts says what each means), the dismissal and "just me". */
export type GetStartedRow = Record<"test_keys" | "test_payment" | "webhook" | "payout_account" | "team" | "activation", boolean> & {
  dismissed: boolean;
  team_marked: boolean;
};

/** Where a merchant stands on each step, from its records, in one statement. */
export async function getStartedRow(tx: DbOrTx, merchantId: string): Promise<GetStartedRow | undefined> {
  const [row] = await queryRows<GetStartedRow>(
    tx,
    sql`select
      exists(select 1 from api_key_pairs k where k.merchant_id = ${merchantId} and k.mode = 'test' and k.revoked_at is null) as test_keys,
      exists(select 1 from payments p where p.merchant_id = ${merchantId} and p.mode = 'test') as test_payment,
      exists(select 1 from api_key_pairs k join events e on e.key_pair_id = k.id and e.type = 'webhook.test'
             where k.merchant_id = ${merchantId} and k.mode = 'test' and k.revoked_at is null and k.webhook_url is not null) as webhook,
      (exists(select 1 from payout_settings s where s.merchant_id = ${merchantId})
        or exists(select 1 from activation_requests a where a.merchant_id = ${merchantId} and a.payout_verified_at is not null)) as payout_account,
      ((select count(*) from memberships m where m.merchant_id = ${merchantId}) > 1
        or exists(select 1 from invitations i where i.merchant_id = ${merchantId} and i.revoked_at is null)
        or coalesce(g.team_marked_done_at is not null, false)) as team,
      (exists(select 1 from merchants mm where mm.id = ${merchantId} and mm.activated_at is not null)
        or exists(select 1 from activation_requests a where a.merchant_id = ${merchantId} and a.status in ('submitted', 'approved'))) as activation,
      coalesce(g.dismissed_at is not null, false) as dismissed,
      coalesce(g.team_marked_done_at is not null, false) as team_marked
    from (select 1) one left join get_started_marks g on g.merchant_id = ${merchantId}`,
  );
  return row;
}
