import { and, eq, inArray } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { events } from "@/db/schema";
import { logError } from "@/lib/log";
import { claimDueEvents } from "./claim-due-events";
import { deliverClaimedEvents } from "./deliver-claimed-events";
import { deliverDueEvents } from "./deliver-due-events";

const inFlight = new Set<Promise<void>>();

async function deliverNow(eventIds: string[]): Promise<void> {
  const db = await getDb();
  // The same lease as the scheduler's: whoever claims an event first makes its attempt.
  const claimed = await claimDueEvents(db, { eventIds, limit: eventIds.length });
  if (claimed.length > 0) await deliverClaimedEvents(db, claimed);
  // Our events may be held back behind earlier ones of their key (the order rule, with
  // concurrent requests), and later events of these keys behind ours: keep sending the keys'
  // due first attempts now rather than at the next scheduler pass.
  const keyPairIds = claimed.length > 0 ? [...new Set(claimed.map((e) => e.keyPairId))] : await pendingKeyPairIds(db, eventIds);
  if (keyPairIds.length > 0) await deliverDueEvents(db, { keyPairIds });
}

/** The keys of those events still waiting for their first attempt. */
async function pendingKeyPairIds(db: Db, eventIds: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ keyPairId: events.keyPairId })
    .from(events)
    .where(and(inArray(events.id, eventIds), eq(events.deliveryStatus, "pending")));
  return rows.map((r) => r.keyPairId);
}

/**
 * Starts the first delivery attempt of freshly committed events, without making the caller
 * wait: call it after the transaction that emitted them has committed, and do not await it.
 * Never throws; anything it does not manage to send, the scheduler's deliver_webhooks job will.
 */
export function deliverAfterCommit(eventIds: string[]): void {
  if (eventIds.length === 0) return;
  const run: Promise<void> = deliverNow([...new Set(eventIds)])
    .catch((error) => logError("after-commit webhook delivery failed", { eventIds, error }))
    .finally(() => inFlight.delete(run));
  inFlight.add(run);
}

/** Resolves once every after-commit delivery started so far has finished (tests, shutdown). */
export async function afterCommitDeliveriesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
