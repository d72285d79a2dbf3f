import type { Db } from "@/db/client";
import { claimDueEvents } from "./claim-due-events";
import { deliverClaimedEvents } from "./deliver-claimed-events";

export type DeliverDueOptions = {
  /** Only these key pairs' events (after-commit delivery, tests); default: every key. */
  keyPairIds?: string[];
  /** Events claimed per round; every claimed key is attempted in parallel. */
  batchSize?: number;
  /** Stop claiming once this many attempts were made in this call. */
  maxAttempts?: number;
  /** Stop claiming new rounds after this long, so one pass cannot hold up the other jobs. */
  budgetMs?: number;
};

/**
 * Claims and attempts due webhook deliveries in bounded rounds until nothing is due or a bound
 * is reached; whatever is left waits for the next pass. Returns the number of attempts made.
 */
export async function deliverDueEvents(db: Db, options: DeliverDueOptions = {}): Promise<number> {
  const { keyPairIds, batchSize = 25, maxAttempts = 500, budgetMs = 10_000 } = options;
  const started = Date.now();
  let attempts = 0;
  while (attempts < maxAttempts && Date.now() - started < budgetMs) {
    const claimed = await claimDueEvents(db, { limit: Math.min(batchSize, maxAttempts - attempts), keyPairIds });
    if (claimed.length === 0) break;
    const results = await deliverClaimedEvents(db, claimed);
    attempts += results.filter((r) => r.attemptNumber !== null).length;
  }
  return attempts;
}
