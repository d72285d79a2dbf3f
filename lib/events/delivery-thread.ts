// The webhook delivery engine on a thread of its own. The production server (scripts/serve.ts,
// PostgreSQL) starts it beside Next's request handler, so a burst of deliveries (signing,
// sockets, the engine's statements) runs on the machine's other core instead of queueing
// behind API requests on the one thread, and API requests do not wait behind it. The engine
// is the same (delivery-engine.ts), only where it runs differs: the thread LISTENs for other
// instances' commits and is woken by this process's after-commit path (deliverAfterCommit:
// a message, no database round trip), and the scheduler's deliver_webhooks job runs its pass
// there too (deliver-due-events.ts): one engine on every path. If the thread dies, the request
// thread's own engine and listener take over.
import { parentPort, Worker } from "node:worker_threads";
import { logError, logInfo } from "@/lib/log";
import { getDb } from "@/db/client";
import { deliveryEngine, type PassOptions } from "./delivery-engine";
import { startDeliveryListener, webhookInstanceId } from "./delivery-listener";

type Wake = { type: "wake"; eventIds: string[] };
type Pass = { type: "pass"; id: number; options: PassOptions };
type Passed = { type: "passed"; id: number; attempts: number } | { type: "passed"; id: number; error: string };
type Thread = {
  wake: (eventIds: string[]) => void;
  /** One pass of the thread's engine (the scheduler's deliver_webhooks job): the attempts it made. */
  pass: (options: PassOptions) => Promise<number>;
};

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
  const passes = new Map<number, { resolve: (attempts: number) => void; reject: (error: Error) => void }>();
  let nextPass = 0;
  const thread: Thread = {
    wake: (eventIds) => worker.postMessage({ type: "wake", eventIds } satisfies Wake),
    pass: (options) =>
      new Promise<number>((resolve, reject) => {
        const id = ++nextPass;
        passes.set(id, { resolve, reject });
        worker.postMessage({ type: "pass", id, options } satisfies Pass);
      }),
  };
  g.__owoDeliveryThread = thread;
  worker.on("message", (message: Passed) => {
    const waiting = message?.type === "passed" ? passes.get(message.id) : undefined;
    if (!waiting) return;
    passes.delete(message.id);
    if ("error" in message) waiting.reject(new Error(message.error));
    else waiting.resolve(message.attempts);
  });
  worker.on("error", (error) => logError("webhook delivery thread failed", { error }));
  worker.on("exit", (code) => {
    // A pass the thread did not finish made what it made; the next one (here) picks up the rest.
    for (const waiting of passes.values()) waiting.resolve(0);
    passes.clear();
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
  const port = parentPort;
  port.on("message", (message: Wake | Pass) => {
    if (message?.type === "wake") deliveryEngine().wake(message.eventIds);
    if (message?.type === "pass") {
      void getDb()
        .then((db) => deliveryEngine().pass(db, message.options))
        .then(
          (attempts) => port.postMessage({ type: "passed", id: message.id, attempts } satisfies Passed),
          (error: unknown) =>
            port.postMessage({ type: "passed", id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies Passed),
        );
    }
  });
  await startDeliveryListener();
  logInfo("webhook delivery thread started");
}
