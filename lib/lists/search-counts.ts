// Exact totals of searched lists without counting every match at every read (issue 17). A
// search's total is (matching rows whose sort key is before `upto`, cached) + (matching rows
// from `upto` on, counted at each read: at most three hours of rows). `upto` is the hour mark
// two to three hours back, so a cached count serves for an hour (paging through results, the
// CSV export walking every page, the same search again) and is then made anew.
//
// Exact under concurrency: the list table's row triggers (migration 0019) bump the list's
// epoch in the same transaction as any write that could change the match of a row older than
// an hour; a cached count is used only while the epoch is the one it was counted under (read
// in the same snapshot as the count), so a write committed after the count invalidates it. No
// transaction of ours lives an hour (statements time out at 30 s, idle transactions at 60 s),
// so no write in flight can touch a row before `upto` (at least two hours back) unbumped.
import { getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import { countAndCacheSearch, pruneSearchCountsBefore } from "@/db/statements/lists";
import { searchCounts, searchEpochs, type Mode } from "@/db/schema";
import type { CountedList } from "@/lib/lists/counts";

const HOUR_MS = 3_600_000;
/** Rows older than this at the hour mark are "settled" (migration 0019's triggers watch rows older than an hour). */
const SETTLED_MS = 2 * HOUR_MS;

/** One searched list as filtered: `where` selects exactly its rows; `key` names the filter (search term and every other filter). */
export type SearchCountSpec = {
  list: CountedList;
  merchantId: string;
  mode: Mode;
  key: Record<string, string | undefined>;
  table: PgTable;
  /** The merchant and mode alone (the live count's index range); `where` includes it. */
  scope: SQL;
  /** The list's first sort column (the one migration 0019's triggers compare). */
  sortColumn: PgColumn;
  where: SQL;
};

/** The hour mark two to three hours before `now`: rows before it are counted once and cached. */
export function settledBefore(now = Date.now()): Date {
  return new Date(Math.floor((now - SETTLED_MS) / HOUR_MS) * HOUR_MS);
}

function keyText(key: SearchCountSpec["key"]): string {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(key)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );
}

/** The list's current epoch for this merchant and mode (0 before any bump), as an expression. */
function epochSql(s: SearchCountSpec): SQL {
  const e = searchEpochs;
  return sql`coalesce((select ${e.n} from ${e} where ${e.list} = ${s.list} and ${e.merchantId} = ${s.merchantId} and ${e.mode} = ${s.mode}), 0)`;
}

/**
 * A search list's total, with what to do when it cannot be read from the cache (`readPage`
 * takes both): `sql` is the cached settled count plus the live count from `upto`, or -1 when
 * no valid cached count exists; `count` then counts every match in one statement and caches
 * the settled part under the epoch read in that same snapshot.
 */
export function searchTotal(s: SearchCountSpec, now = Date.now()): { sql: SQL; count: (tx: DbOrTx) => Promise<number> } {
  const upto = settledBefore(now).toISOString();
  const key = keyText(s.key);
  const c = searchCounts;
  const cached = sql`(select ${c.n} from ${c} where ${c.list} = ${s.list} and ${c.merchantId} = ${s.merchantId} and ${c.mode} = ${s.mode}
      and ${c.key} = ${key} and ${c.upto} = ${upto}::timestamptz and ${c.epoch} = ${epochSql(s)})`;
  // The few rows since `upto` by the list's (merchant, mode, sort) index, then the filter on
  // them: fenced (OFFSET 0) so the planner cannot AND in the search's trigram index, whose
  // bitmap of every match in the list costs more than the rows themselves. The subquery takes
  // the table's name, so `where` (written against the table) reads its rows.
  const name = sql.identifier(getTableName(s.table));
  const live = sql`(select count(*) from (select * from ${s.table} where ${s.scope} and ${s.sortColumn} >= ${upto}::timestamptz offset 0) as ${name} where ${s.where})`;
  return {
    sql: sql`coalesce(${cached} + ${live}, -1)`,
    count: (tx) =>
      countAndCacheSearch(tx, {
        epoch: epochSql(s),
        table: s.table,
        where: s.where,
        sortColumn: s.sortColumn,
        list: s.list,
        merchantId: s.merchantId,
        mode: s.mode,
        key,
        upto,
      }),
  };
}

/** Drops cached counts whose hour has passed (never read again); answers how many. */
export async function pruneSearchCounts(db: DbOrTx, now = Date.now()): Promise<number> {
  return pruneSearchCountsBefore(db, settledBefore(now).toISOString());
}
