import type { Db } from "@/db/client";
import { tickSandboxBank } from "@/lib/rails/sandbox/sandbox-transfers";
import { runSettlement, type SettlementRun } from "./run-settlement";

/** "Now" for the sandbox run: later than any expected payout, so every payment is due and every failed payout retried. */
export const SANDBOX_RUN_NOW = new Date("9999-12-31T00:00:00.000Z");

/**
 * POST /v1/sandbox/settlement/run (supplement §5): cutoff, batching and payout now for this
 * key's merchant's test-mode static-account payments, whatever the schedule. A bank payout is
 * sent, the sandbox bank's clock then runs for this merchant's pending payouts (what the
 * scheduler's next pass would do: a decided outcome applies, an undecided one completes) and
 * their outcomes are collected, so the answer counts them. Counts are of payments.
 */
export async function sandboxSettlementRun(db: Db, input: { merchantId: string }): Promise<SettlementRun> {
  const scope = { merchantId: input.merchantId, mode: "test" as const, now: SANDBOX_RUN_NOW };
  const first = await runSettlement(db, scope);
  await tickSandboxBank({ settleUndecided: true, only: { settlementPayoutsOf: input.merchantId } });
  const second = await runSettlement(db, scope);
  return {
    batched: first.batched + second.batched,
    paid_out: first.paid_out + second.paid_out,
    wallet_credit: first.wallet_credit + second.wallet_credit,
    failed: first.failed + second.failed,
  };
}
