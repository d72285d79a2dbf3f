import type { Db } from "@/db/client";
import { pruneRequestLogRows } from "@/db/statements/observability";

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
  return pruneRequestLogRows(db, { keep, job: PRUNE_JOB });
}
