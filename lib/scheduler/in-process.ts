import { getDb } from "@/db/client";
import { startDeliveryListener } from "@/lib/events/delivery-listener";
import { deliveryThread } from "@/lib/events/delivery-thread";
import { logError } from "@/lib/log";
import { runJobs } from "./run-jobs";

const INTERVAL_MS = Number(process.env.SCHEDULER_INTERVAL_MS ?? 5_000);
const g = globalThis as unknown as { __owoScheduler?: NodeJS.Timeout };

/**
 * `npm start` runs the jobs itself every few seconds unless SCHEDULER=off (deployments that
 * call /api/cron instead). Safe in every instance, since every job is; runs never overlap.
 * Every server process also listens for other instances' committed webhook events
 * (delivery-listener.ts), SCHEDULER=off or not: the scheduler is only the safety net.
 */
export function startInProcessScheduler(): void {
  // The delivery thread, when the server runs one, listens itself.
  if (!deliveryThread()) void startDeliveryListener();
  if (process.env.SCHEDULER === "off" || g.__owoScheduler) return;
  let running = false;
  g.__owoScheduler = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await runJobs(await getDb());
    } catch (error) {
      logError("scheduler pass failed", { error });
    } finally {
      running = false;
    }
  }, INTERVAL_MS);
  g.__owoScheduler.unref();
}

/** Whether this process runs the in-process scheduler (`/api/health` reports it). */
export function inProcessSchedulerRunning(): boolean {
  return Boolean(g.__owoScheduler);
}
