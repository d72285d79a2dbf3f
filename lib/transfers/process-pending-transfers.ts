import type { Db } from "@/db/client";
import { claimDueBankTransfers } from "@/db/statements/transfers";
import { getTransferById } from "./get-transfer";
import { refreshFromBank } from "./submit-to-bank";

const BATCH = 50;

/**
 * Scheduler job: pending bank transfers that are due are claimed with a 30-second lease (FOR UPDATE
 * SKIP LOCKED, so two instances never take the same one), sent to the bank if a crash left
 * them unsent (the bank deduplicates on our reference), or checked for an outcome.
 */
export async function processPendingTransfers(db: Db, opts: { budgetMs?: number } = {}): Promise<number> {
  const deadline = Date.now() + (opts.budgetMs ?? 10_000);
  const seen = new Set<string>();
  let worked = 0;
  // Bounded rounds until nothing is due (or the time budget is spent), so every transfer due
  // at the start of the pass is looked at in this pass, however many there are.
  while (Date.now() < deadline) {
    // What this pass already handled is not claimed (nor re-leased) again.
    const claimed = await claimDueBankTransfers(db, { seen, limit: BATCH });
    if (claimed.length === 0) break;
    for (const { id } of claimed) {
      seen.add(id);
      await refreshFromBank(db, await getTransferById(db, id));
    }
    worked += claimed.length;
  }
  return worked;
}
