import type { Db } from "@/db/client";
import { countRecentReconciliationRuns } from "@/db/statements/reconciliation";
import { lagosDay } from "@/lib/lagos-day";
import { logError } from "@/lib/log";
import { liveRails } from "@/lib/rails/router";
import { sendRunAlert } from "./run-alerts";
import { reconcileDay } from "./run-reconciliation";

const DEFAULT_AT = "06:00";
/** A day whose run failed is tried again after this long. */
const RETRY_MINUTES = 30;

/** `OWO_RECONCILE_AT`: the Lagos time (HH:MM) after which each morning's runs start; 06:00 by default. */
export function reconcileAt(env: NodeJS.ProcessEnv = process.env): { hour: number; minute: number } {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec((env.OWO_RECONCILE_AT ?? DEFAULT_AT).trim());
  const [h, mi] = m ? [Number(m[1]), Number(m[2])] : [6, 0];
  return { hour: h, minute: mi };
}

/**
 * The scheduler's `reconcile_rails` job (supplement §12): once the Lagos clock passes
 * `OWO_RECONCILE_AT`, yesterday is reconciled from the provider's API for every live rail
 * that has no completed (or running) run of it yet; a failed run is tried again after half an
 * hour. Each run's exceptions and balance difference are emailed to operators.
 */
export async function runDueReconciliations(db: Db, now = new Date()): Promise<number> {
  const { hour, minute } = reconcileAt();
  const lagos = new Date(now.getTime() + 3_600_000);
  if (lagos.getUTCHours() * 60 + lagos.getUTCMinutes() < hour * 60 + minute) return 0;
  const yesterday = lagosDay(new Date(now.getTime() - 86_400_000));
  let ran = 0;
  for (const rail of liveRails()) {
    if (rail.name === "sandbox") continue;
    if ((await countRecentReconciliationRuns(db, { rail: rail.name, day: yesterday, retryMinutes: RETRY_MINUTES })) > 0) continue;
    try {
      const { run } = await reconcileDay(db, { rail: rail.name, day: yesterday, startedBy: "scheduler" });
      await sendRunAlert(db, run);
      ran++;
    } catch (error) {
      logError("reconciliation run failed; tried again later", { rail: rail.name, day: yesterday, error });
    }
  }
  return ran;
}
