import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";
import { getStartedMarks } from "@/db/schema";

/** The steps of Home's "Get started" checklist (issue 26 item 3), in the order they are shown. */
export const GET_STARTED_STEPS = ["test_keys", "test_payment", "webhook", "payout_account", "team", "activation"] as const;
export type GetStartedStep = (typeof GET_STARTED_STEPS)[number];

export type GetStarted = {
  steps: { id: GetStartedStep; done: boolean }[];
  doneCount: number;
  /** Every step done, or the merchant dismissed the list: Home shows no checklist. */
  hidden: boolean;
  /** The owner marked the team step done without inviting anyone. */
  teamMarked: boolean;
};

type Row = Record<GetStartedStep, boolean> & { dismissed: boolean; team_marked: boolean };

/**
 * Where a merchant stands on each step, computed from its records (never from the browser):
 * - test_keys: an unrevoked test-mode key pair;
 * - test_payment: a test-mode payment received (e.g. through the one-click hosted checkout);
 * - webhook: an unrevoked test key with a webhook URL, and a `webhook.test` event sent to one;
 * - payout_account: a payout account saved (Payouts, either mode) or verified on the activation request;
 * - team: another member, an invitation sent, or the owner's "just me for now";
 * - activation: the activation request submitted (or approved), or the merchant already active.
 * One statement; the kept marks (get_started_marks) hold only "just me" and a dismissal. Once
 * every step is done the list stays hidden for good (marked dismissed), so a large merchant's
 * Home never pays for these reads again.
 */
export async function getStarted(tx: DbOrTx, merchantId: string): Promise<GetStarted> {
  const [row] = await queryRows<Row>(
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
  const steps = GET_STARTED_STEPS.map((id) => ({ id, done: Boolean(row?.[id]) }));
  const doneCount = steps.filter((s) => s.done).length;
  const allDone = doneCount === steps.length;
  if (allDone && !row?.dismissed) await markGetStarted(tx, merchantId, "dismissed");
  return { steps, doneCount, hidden: allDone || Boolean(row?.dismissed), teamMarked: Boolean(row?.team_marked) };
}

/** Keeps one of the merchant's choices: "just me for now" (team) or "hide this checklist" (dismissed). */
export async function markGetStarted(tx: DbOrTx, merchantId: string, mark: "team" | "dismissed"): Promise<void> {
  const now = new Date();
  const set = mark === "team" ? { teamMarkedDoneAt: now, updatedAt: now } : { dismissedAt: now, updatedAt: now };
  await tx
    .insert(getStartedMarks)
    .values({ merchantId, ...set })
    .onConflictDoUpdate({ target: getStartedMarks.merchantId, set });
}
