import type { Db } from "@/db/client";
import { logError } from "@/lib/log";
import { JOBS } from "./jobs";

export type SchedulerRun = { jobs: Record<string, number> };

/** Runs every due job once; one failing job does not stop the others (it reports -1). */
export async function runJobs(db: Db): Promise<SchedulerRun> {
  const jobs: Record<string, number> = {};
  for (const job of JOBS) {
    try {
      jobs[job.name] = await job.run(db);
    } catch (error) {
      logError("scheduler job failed", { job: job.name, error });
      jobs[job.name] = -1;
    }
  }
  return { jobs };
}
