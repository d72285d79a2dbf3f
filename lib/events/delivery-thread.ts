// The webhook delivery engine on a thread of its own. The production server (scripts/serve.ts,
// PostgreSQL) starts it beside Next's request handler, so a burst of deliveries (signing,
// sockets, the engine's statements) runs on the machine's other core instead of queueing
// behind API requests on the one thread, and API requests do not wait behind it. The engine
// is the same (delivery-engine.ts), only where it runs differs: the thread LISTENs for other
// instances' commits and is woken by this process's after-commit path (deliverAfterCommit:
// a message, no database round trip). The scheduler's deliver_webhooks job still runs in the
// request thread, a safety net beside it like another instance's engine (claims never overlap:
// FOR UPDATE SKIP LOCKED, leases, the order rule). If the thread dies, the request thread's own
// engine and listener take over.
import { parentPort, Worker } from "node:worker_threads";
import { logError, logInfo } from "@/lib/log";
import { deliveryEngine } from "./delivery-engine";
import { startDeliveryListener, webhookInstanceId } from "./delivery-listener";

type Wake = { type: "wake"; eventIds: string[] };
type Thread = { wake: (eventIds: string[]) => void };

/** Connections the thread's own pool keeps at most: one claim at a time, a few record statements, the listener. */
const THREAD_POOL_SIZE = 4;

// On globalThis: scripts/serve.ts (tsx) and the Next bundle load their own copies of this module.
const g = globalThis as unknown as { __owoDeliveryThread?: Thread };

/** The running delivery thread's waker, or null (no thread: the engine runs in this thread). */
export function deliveryThread(): Thread | null {
  return g.__owoDeliveryThread ?? null;
}

/**
 * Starts the delivery thread from `bootstrap` (scripts/delivery-thread.mjs: loads this module
 * through tsx and runs deliveryThreadMain). From now on after-commit wake-ups go to it. Should it
 * exit, this thread's engine and listener take over (logged), and the scheduler keeps delivering.
 * Null when one is running already; `stop` ends it (tests), which is an exit like any other.
 */
export function startDeliveryThread(bootstrap: URL): { stop: () => Promise<number> } | null {
  if (g.__owoDeliveryThread) return null;
  const pool = Math.min(THREAD_POOL_SIZE, Number(process.env.DATABASE_POOL_SIZE ?? THREAD_POOL_SIZE) || THREAD_POOL_SIZE);
  const worker = new Worker(bootstrap, { env: { ...process.env, DATABASE_POOL_SIZE: String(pool) }, workerData: { webhookInstanceId: webhookInstanceId() } });
  const thread: Thread = { wake: (eventIds) => worker.postMessage({ type: "wake", eventIds } satisfies Wake) };
  g.__owoDeliveryThread = thread;
  worker.on("error", (error) => logError("webhook delivery thread failed", { error }));
  worker.on("exit", (code) => {
    if (g.__owoDeliveryThread !== thread) return;
    g.__owoDeliveryThread = undefined;
    logError("webhook delivery thread exited; delivering from the request thread", { code });
    void startDeliveryListener();
    deliveryEngine().wake();
  });
  // The thread must not keep a server that is shutting down alive.
  worker.unref();
  return { stop: () => worker.terminate() };
}

/** Inside the thread: listen for other instances' commits and this process's wake-ups. */
export async function deliveryThreadMain(): Promise<void> {
  if (!parentPort) throw new Error("deliveryThreadMain runs in a worker thread");
  parentPort.on("message", (message: Wake) => {
    if (message?.type === "wake") deliveryEngine().wake(message.eventIds);
  });
  await startDeliveryListener();
  logInfo("webhook delivery thread started");
}
