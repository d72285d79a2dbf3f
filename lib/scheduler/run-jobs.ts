import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { schedulerRuns } from "@/db/schema";
import { logError } from "@/lib/log";
import { JOBS } from "./jobs";

export type SchedulerRun = { jobs: Record<string, number> };

/**
 * Runs every due job once; one failing job does not stop the others (it reports -1). The
 * pass ends with one statement recording each job's times and count in scheduler_runs
 * (what /api/health's scheduler lag reads), whichever front door ran it.
 */
export async function runJobs(db: Db): Promise<SchedulerRun> {
  const jobs: Record<string, number> = {};
  const runs: (typeof schedulerRuns.$inferInsert)[] = [];
  for (const job of JOBS) {
    const lastStartedAt = new Date();
    try {
      jobs[job.name] = await job.run(db);
    } catch (error) {
      logError("scheduler job failed", { job: job.name, error });
      jobs[job.name] = -1;
    }
    runs.push({ job: job.name, lastStartedAt, lastFinishedAt: new Date(), lastCount: jobs[job.name]! });
  }
  try {
    await db
      .insert(schedulerRuns)
      .values(runs)
      .onConflictDoUpdate({
        target: schedulerRuns.job,
        set: {
          lastStartedAt: sql`excluded.last_started_at`,
          lastFinishedAt: sql`excluded.last_finished_at`,
          lastCount: sql`excluded.last_count`,
        },
      });
  } catch (error) {
    logError("scheduler pass could not be recorded", { error });
  }
  return { jobs };
}
