import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/db/client";

/** How many request log rows each key pair keeps (the dashboard's "last N requests"). */
export function requestLogLimit(): number {
  const n = Number(process.env.API_REQUEST_LOG_LIMIT ?? 1000);
  return Number.isInteger(n) && n > 0 ? n : 1000;
}

export const PRUNE_JOB = "prune_api_request_logs";

/**
 * Deletes each key pair's request log rows beyond its newest `keep`. Only key pairs with rows
 * since this job's previous pass (less a minute of slack for buffered rows) are looked at, each
 * through its (key_pair_id, created_at, id) index, so a pass costs what arrived since the last
 * one, not the size of the table. Idempotent; safe from several instances at once.
 */
export async function pruneRequestLogs(db: Db, keep = requestLogLimit()): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with since as (
          select coalesce((select last_started_at - interval '1 minute' from scheduler_runs where job = ${PRUNE_JOB}), '-infinity'::timestamptz) as t
        ), touched as (
          select distinct key_pair_id from api_request_logs where created_at > (select t from since)
        ), cut as (
          select t.key_pair_id, c.created_at, c.id
          from touched t
          cross join lateral (
            select l.created_at, l.id from api_request_logs l
            where l.key_pair_id = t.key_pair_id
            order by l.created_at desc, l.id desc
            offset ${keep} limit 1
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
