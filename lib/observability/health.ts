import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/db/client";
import { lastSchedulerRun, latestReconciliationRuns, newestAppliedMigration, pingDatabase } from "@/db/statements/observability";
import { migrationsFolder } from "@/db/migrate";

export type JournalEntry = { idx: number; when: number; tag: string };

export type Health = {
  ok: boolean;
  database: { reachable: boolean; latency_ms: number | null };
  /** `applied`/`latest`: migration tags; `current`: nothing committed is left to apply. */
  migrations: { current: boolean; applied: string | null; latest: string | null };
  /** `enabled`: this instance runs the in-process timer; the lag is any instance's (or cron's) last pass. */
  scheduler: { enabled: boolean; last_run_at: string | null; lag_seconds: number | null };
  /** Supplement §12: each rail's latest reconciliation run (newest day) and the exceptions it left. */
  reconciliation: ReconciliationHealth[];
};

export type ReconciliationHealth = { rail: string; mode: string; day: string; status: string; lines: number; exceptions: number; finished_at: string | null };

let journal: JournalEntry[] | null = null;

/** The committed migrations (drizzle-kit's journal), read once per process. */
export function committedMigrations(): JournalEntry[] {
  journal ??= (JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] }).entries;
  return journal;
}

/**
 * Migrations as drizzle's migrator sees them: it records each applied one with the journal's
 * `when` as `created_at` and applies those newer than the newest recorded, so the database is
 * current when its newest record is at least the journal's newest.
 */
export function migrationState(entries: JournalEntry[], newestApplied: number | null): Health["migrations"] {
  const latest = entries.reduce<JournalEntry | null>((a, e) => (!a || e.when > a.when ? e : a), null);
  const applied = newestApplied == null ? null : (entries.filter((e) => e.when <= newestApplied).sort((a, b) => b.when - a.when)[0] ?? null);
  return {
    current: latest == null || (newestApplied != null && newestApplied >= latest.when),
    applied: applied?.tag ?? null,
    latest: latest?.tag ?? null,
  };
}

/** The scheduler's lag: seconds since the last recorded pass finished (null: never ran). */
export function schedulerState(enabled: boolean, lastRunAt: Date | null, now: Date): Health["scheduler"] {
  return {
    enabled,
    last_run_at: lastRunAt?.toISOString() ?? null,
    lag_seconds: lastRunAt ? Math.max(0, Math.round((now.getTime() - lastRunAt.getTime()) / 100) / 10) : null,
  };
}

/** 200 while the database answers and nothing is left to migrate; 503 otherwise (scheduler lag is reported, not judged). */
export function healthStatus(h: Pick<Health, "database" | "migrations">): 200 | 503 {
  return h.database.reachable && h.migrations.current ? 200 : 503;
}

/**
 * Checks the database (round trip), the migrations and the scheduler's last pass.
 * `schedulerEnabled`: whether this process runs the in-process timer, passed in by the caller
 * (app/api/health asks lib/scheduler/in-process.ts; the scheduler sits above this folder).
 */
export async function checkHealth(
  getDb: () => Promise<Db>,
  { schedulerEnabled = false, now = () => new Date() }: { schedulerEnabled?: boolean; now?: () => Date } = {},
): Promise<Health> {
  const enabled = schedulerEnabled;
  const entries = committedMigrations();
  const down: Health = {
    ok: false,
    database: { reachable: false, latency_ms: null },
    migrations: migrationState(entries, null),
    scheduler: schedulerState(enabled, null, now()),
    reconciliation: [],
  };
  let db: Db;
  let latency: number;
  try {
    db = await getDb();
    const t0 = performance.now();
    await pingDatabase(db);
    latency = Math.round((performance.now() - t0) * 100) / 100;
  } catch {
    return down;
  }
  let newestApplied: number | null = null;
  try {
    newestApplied = await newestAppliedMigration(db);
  } catch {
    /* never migrated: no migrations table yet */
  }
  const migrations = migrationState(entries, newestApplied);
  let lastRunAt: Date | null = null;
  let reconciliation: ReconciliationHealth[] = [];
  if (migrations.current) {
    lastRunAt = await lastSchedulerRun(db);
    reconciliation = await lastReconciliations(db);
  }
  const database = { reachable: true, latency_ms: latency };
  return { ok: healthStatus({ database, migrations }) === 200, database, migrations, scheduler: schedulerState(enabled, lastRunAt, now()), reconciliation };
}

/** The latest run of each rail and mode (newest day, then newest start), with its exceptions (missing at the provider, amount mismatches, unexpected debits). */
async function lastReconciliations(db: Db): Promise<ReconciliationHealth[]> {
  const rows = await latestReconciliationRuns(db);
  return rows.map((r) => ({ ...r, lines: Number(r.lines), exceptions: Number(r.exceptions) }));
}
