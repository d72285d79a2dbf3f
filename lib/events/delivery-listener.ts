import { randomUUID } from "node:crypto";
import { workerData } from "node:worker_threads";
import { directUrl, getHandle } from "@/db/client";
import { notifyChannel } from "@/db/statements/events";
import { logError, logWarn } from "@/lib/log";
import { deliveryEngine } from "./delivery-engine";

/** The channel on which an instance that committed events tells the others (LISTEN/NOTIFY). */
const CHANNEL = "owo_webhooks";

const g = globalThis as unknown as {
  __owoDeliveryNotify?: { inFlight: Promise<void> | null; again: boolean };
  __owoDeliveryListener?: boolean;
  __owoWebhookInstance?: string;
};

/**
 * This process, so it does not wake itself a second time on its own NOTIFY: one id for every
 * copy of this module in the process (the server's and the bundle's, on globalThis) and its
 * delivery thread (handed over as workerData: delivery-thread.ts).
 */
const INSTANCE = (g.__owoWebhookInstance ??= (workerData as { webhookInstanceId?: string } | null)?.webhookInstanceId ?? randomUUID());

/** This process's id on the NOTIFY channel (for its delivery thread). */
export const webhookInstanceId = () => INSTANCE;

/** At most one NOTIFY per this many milliseconds: a burst of commits is one wake-up. */
const NOTIFY_GAP_MS = 20;

const notify = (g.__owoDeliveryNotify ??= { inFlight: null, again: false });

/**
 * Tells the other app instances (and one started by the CLI's commit) that events were
 * committed, so theirs claim what this one does not get to; coalesced, so a burst costs a few
 * statements. PostgreSQL only (the embedded database serves one process). Never throws.
 */
export function notifyOtherInstances(): void {
  if (notify.inFlight) {
    notify.again = true;
    return;
  }
  notify.inFlight = (async () => {
    try {
      const handle = await getHandle();
      if (handle.kind !== "postgres") return;
      await notifyChannel(handle.db, CHANNEL, INSTANCE);
      await new Promise((r) => setTimeout(r, NOTIFY_GAP_MS));
    } catch (error) {
      logError("webhook NOTIFY failed", { error });
    }
  })().finally(() => {
    notify.inFlight = null;
    if (notify.again) {
      notify.again = false;
      notifyOtherInstances();
    }
  });
}

/** Resolves once no NOTIFY is in flight (tests, shutdown). */
export async function notificationsSent(): Promise<void> {
  while (notify.inFlight) await notify.inFlight;
}

/**
 * Wakes this process's delivery engine whenever another instance commits events (NOTIFY), and
 * once when listening starts or resumes after a lost connection (what was committed meanwhile).
 * The scheduler's pass stays the safety net. Started once per server process; PostgreSQL only.
 */
export async function startDeliveryListener(): Promise<void> {
  if (g.__owoDeliveryListener) return;
  g.__owoDeliveryListener = true;
  try {
    const handle = await getHandle();
    if (handle.kind !== "postgres") return;
    if (!directUrl()) {
      // Behind a transaction-mode pooler with no direct connection: nothing to listen on.
      logWarn("webhook LISTEN needs DATABASE_DIRECT_URL behind a pooler; other instances' events are delivered by the scheduler's pass");
      return;
    }
    // On the direct connection (DATABASE_DIRECT_URL behind a pooler, where this fails without one).
    await handle.listen(
      CHANNEL,
      (payload) => {
        if (payload !== INSTANCE) deliveryEngine().wake();
      },
      () => deliveryEngine().wake(),
    );
  } catch (error) {
    g.__owoDeliveryListener = false;
    logError("webhook LISTEN failed; the scheduler still delivers", { error });
  }
}
