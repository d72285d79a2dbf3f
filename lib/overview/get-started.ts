import type { DbOrTx } from "@/db/client";
import { getStartedRow } from "@/db/statements/overview";
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
  const row = await getStartedRow(tx, merchantId);
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
