import { sql } from "drizzle-orm";
import { preparedRows, queryRows, type DbOrTx } from "@/db/client";

/** The hand-written statements of lib/observability: the request log's batch insert and pruning, and /api/health's reads. */

/**
 * A batch as one prepared statement of constant text (the rows as one JSON parameter): no
 * query building per row (Drizzle's multi-row insert cost ~5% of a hot request's CPU).
 */
const INSERT_BATCH = `insert into api_request_logs (merchant_id, mode, key_pair_id, key_type, method, path, status, correlation_id, duration_ms, ip, user_agent, created_at)
  select merchant_id, mode, key_pair_id, key_type, method, path, status, correlation_id, duration_ms, ip, user_agent, created_at
  from jsonb_to_recordset($1::text::jsonb) as r (merchant_id uuid, mode text, key_pair_id uuid, key_type text, method text, path text, status smallint,
                                                 correlation_id text, duration_ms int, ip text, user_agent text, created_at timestamptz)`;

/** A batch of request log rows, given as one JSON array (lib/observability/request-log-buffer.ts). */
export async function insertRequestLogs(db: DbOrTx, rowsJson: string): Promise<void> {
  await preparedRows(db, INSERT_BATCH, [rowsJson]);
}

/**
 * Deletes each key pair's request log rows beyond its newest `keep`. Only key pairs with rows
 * since the scheduler job `job`'s previous pass (less a minute of slack for buffered rows) are
 * looked at, each through its (key_pair_id, created_at, id) index. Answers how many went.
 */
export async function pruneRequestLogRows(db: DbOrTx, input: { keep: number; job: string }): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with since as (
          select coalesce((select last_started_at - interval '1 minute' from scheduler_runs where job = ${input.job}), '-infinity'::timestamptz) as t
        ), touched as (
          select distinct key_pair_id from api_request_logs where created_at > (select t from since)
        ), cut as (
          select t.key_pair_id, c.created_at, c.id
          from touched t
          cross join lateral (
            select l.created_at, l.id from api_request_logs l
            where l.key_pair_id = t.key_pair_id
            order by l.created_at desc, l.id desc
            offset ${input.keep} limit 1
          ) c
        ), gone as (
          delete from api_request_logs l using cut
          where l.key_pair_id = cut.key_pair_id and (l.created_at, l.id) <= (cut.created_at, cut.id)
          returning 1
        )
        select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A round trip to the database (its latency is what /api/health reports). */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

/** When the newest applied migration was made (drizzle's journal); throws when nothing was ever migrated. */
export async function newestAppliedMigration(db: DbOrTx): Promise<number | null> {
  const rows = await queryRows<{ newest: string | number | null }>(db, sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
  return rows[0]?.newest == null ? null : Number(rows[0].newest);
}

/** When a scheduler job last finished, any job; null before the first. */
export async function lastSchedulerRun(db: DbOrTx): Promise<Date | null> {
  const rows = await queryRows<{ last: string | Date | null }>(db, sql`select max(last_finished_at) as last from scheduler_runs`);
  return rows[0]?.last == null ? null : new Date(rows[0].last);
}

/** The latest reconciliation run of each rail and mode (newest day, then newest start), its exceptions counted. */
export function latestReconciliationRuns(db: DbOrTx) {
  return queryRows<{ rail: string; mode: string; day: string; status: string; lines: number; exceptions: number; finished_at: string | null }>(
    db,
    sql`select distinct on (rail, mode) rail, mode, day::text as day, status, lines, (missing_at_provider + amount_mismatch + unexpected_debit)::int as exceptions,
               to_char(finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as finished_at
        from reconciliation_runs order by rail, mode, day desc, started_at desc`,
  );
}
