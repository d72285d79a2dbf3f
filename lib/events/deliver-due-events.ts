import type { Db } from "@/db/client";
import { deliveryEngine, type PassOptions } from "./delivery-engine";
import { deliveryThread } from "./delivery-thread";

export type DeliverDueOptions = PassOptions;

/**
 * The scheduler's deliver_webhooks job (and the cron route's): one pass of this process's
 * delivery engine, the same one after-commit wake-ups run (on the delivery thread when the
 * server runs one: delivery-thread.ts), bounded so one pass cannot hold up
 * the other jobs (by default 10 s of claiming, 10,000 attempts); whatever is left waits for the
 * next pass. Returns the number of attempts made, once they are recorded.
 */
export async function deliverDueEvents(db: Db, options: DeliverDueOptions = {}): Promise<number> {
  const { keyPairIds, maxAttempts = 10_000, budgetMs = 10_000 } = options;
  const thread = deliveryThread();
  if (thread) return thread.pass({ keyPairIds, maxAttempts, budgetMs });
  return deliveryEngine().pass(db, { keyPairIds, maxAttempts, budgetMs });
}
