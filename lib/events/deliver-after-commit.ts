import { logError } from "@/lib/log";
import { deliveryEngine } from "./delivery-engine";
import { notificationsSent, notifyOtherInstances } from "./delivery-listener";
import { deliveryThread } from "./delivery-thread";

/**
 * Starts delivering freshly committed events without making the caller wait: call it after
 * the transaction that emitted them has committed, and do not await it. It wakes this
 * process's delivery engine (on its own thread when the server started one: delivery-thread.ts)
 * for these events' keys (these events, any earlier ones of their
 * keys they must follow, and later ones committed meanwhile), and tells the other instances
 * (NOTIFY). Never throws;
 * anything not sent now, the scheduler's deliver_webhooks job sends.
 */
export function deliverAfterCommit(eventIds: string[]): void {
  if (eventIds.length === 0) return;
  try {
    const thread = deliveryThread();
    if (thread) thread.wake(eventIds);
    else deliveryEngine().wake(eventIds);
    notifyOtherInstances();
  } catch (error) {
    logError("after-commit webhook delivery failed", { eventIds, error });
  }
}

/** Resolves once the delivery engine has nothing in flight (tests, shutdown). */
export async function afterCommitDeliveriesSettled(): Promise<void> {
  await deliveryEngine().settled();
  await notificationsSent();
}
