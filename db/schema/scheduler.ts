import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The last pass of each scheduler job, written at the end of every pass (one statement) by
 * lib/scheduler/run-jobs.ts, whichever front door ran it (in-process timer or /api/cron):
 * /api/health reports the scheduler's lag from it.
 */
export const schedulerRuns = pgTable("scheduler_runs", {
  job: text().primaryKey(),
  lastStartedAt: timestamp({ withTimezone: true }).notNull(),
  lastFinishedAt: timestamp({ withTimezone: true }).notNull(),
  /** Rows the job worked on; -1 when it failed. */
  lastCount: integer().notNull(),
});
