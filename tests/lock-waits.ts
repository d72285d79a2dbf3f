// For race tests made deterministic with a pause point (lib/pause-points.ts): the first
// caller waits at the point inside its transaction; these tell when the others have arrived,
// i.e. wait on a lock it holds (directly or behind another waiter), or have already finished.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/db/client";

/** The backend holding a row lock (FOR UPDATE, or an uncommitted write) on `table`'s row `id`, or null when none does. */
export async function rowLockHolder(db: Db, table: string, id: string): Promise<number | null> {
  const [row] = await queryRows<{ pid: number | null }>(
    db,
    sql`select (select a.pid from pg_stat_activity a where a.backend_xid = t.xmax) as pid from ${sql.identifier(table)} t where t.id = ${id}::uuid`,
  );
  return row?.pid ?? null;
}

/** How many backends wait, directly or behind another waiter, on a lock `holder` holds. */
export async function waitersOn(db: Db, holder: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with recursive blocked(pid) as (
          select pid from pg_stat_activity where ${holder}::int = any(pg_blocking_pids(pid))
          union
          select a.pid from pg_stat_activity a join blocked b on b.pid = any(pg_blocking_pids(a.pid))
        ) select count(*)::int as n from blocked`,
  );
  return row!.n;
}

/**
 * Resolves once every one of `others` has either settled or is waiting on a lock `holder`
 * holds (holder null: nothing is locked, so each can only run to its end). Polls; no timing
 * decides the outcome, only how soon it is seen.
 */
export async function untilArrived(db: Db, holder: number | null, others: Promise<unknown>[]): Promise<void> {
  let settled = 0;
  for (const p of others)
    void p.then(
      () => settled++,
      () => settled++,
    );
  for (;;) {
    const waiting = holder === null ? 0 : await waitersOn(db, holder);
    if (settled + waiting >= others.length) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}
