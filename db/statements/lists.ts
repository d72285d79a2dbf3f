import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { queryRows, type DbOrTx } from "@/db/client";
import { searchCounts, type Mode } from "@/db/schema";

/**
 * The list engine's statements of its own (lib/lists: kept counts, search counts); the pages
 * themselves are query-builder reads.
 */

/** A count expression (a kept count, a list total) read on its own; 0 when it answers nothing. */
export async function readCount(tx: DbOrTx, expression: SQL): Promise<number> {
  const [row] = await queryRows<{ n: string }>(tx, sql`select ${expression}::text as n`);
  return Number(row?.n ?? 0);
}

/**
 * Counts every match of a search in one statement and caches the part settled before `upto`
 * under the list's epoch (`epoch`, an expression) read in that same snapshot; answers the total.
 */
export async function countAndCacheSearch(
  tx: DbOrTx,
  s: { epoch: SQL; table: PgTable; where: SQL; sortColumn: PgColumn; list: string; merchantId: string; mode: Mode; key: string; upto: string },
): Promise<number> {
  const c = searchCounts;
  const [row] = await queryRows<{ total: string }>(
    tx,
    sql`with e as (select ${s.epoch} as epoch),
             m as (select count(*) filter (where ${s.sortColumn} < ${s.upto}::timestamptz) as settled, count(*) as total from ${s.table} where ${s.where}),
             w as (insert into ${c} (list, merchant_id, mode, key, upto, epoch, n)
                   select ${s.list}, ${s.merchantId}, ${s.mode}, ${s.key}, ${s.upto}::timestamptz, e.epoch, m.settled from e, m
                   on conflict (list, merchant_id, mode, key, upto) do update
                     set epoch = excluded.epoch, n = excluded.n, computed_at = now())
        select total::text as total from m`,
  );
  return Number(row?.total ?? 0);
}

/** Drops cached search counts settled before `upto` (they can never be read again); answers how many. */
export async function pruneSearchCountsBefore(db: DbOrTx, upto: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from ${searchCounts} where ${searchCounts.upto} < ${upto}::timestamptz returning 1) select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
