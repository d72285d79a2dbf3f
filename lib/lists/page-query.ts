// The page queries every list runs (server only: lib/lists/paging.ts holds the client-safe types,
// query fields and envelope). planPage: which rows a page holds; readPage: those rows and the
// list's exact total in one statement.
import { and, asc, desc, eq, getTableColumns, inArray, SQL, sql } from "drizzle-orm";
import { alias, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import { readCount } from "@/db/statements/lists";
import { listCounts } from "@/db/schema";
import { validationError } from "@/lib/errors";
import { bucketEnd, keptCountWhere, type BucketKind, type KeptCountKey } from "@/lib/lists/counts";
import { isUuid } from "@/lib/text-patterns";
import { paged, pageOffset, type ListShape, type PagePlan, type Paged, type PageRequest } from "@/lib/lists/paging";

/** From this offset on, a page of a kept list seeks through the bucketed counts (below it, walking is cheaper). */
const SEEK_FROM = 2_000;

function keyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`paging: column ${column.name} is not a column of this table`);
  return entry[0];
}

/**
 * The one paging rule every list uses. The page's rows are found by their unique sort key
 * first (an index-only scan of the list's covering index: merchant, mode, sort columns), then
 * only those rows are read, so a deep OFFSET page walks index entries, not rows. With a cursor
 * the page starts right after (or ends right before) the named item, whatever rows came or
 * went since: constant cost at any depth. `scope` is what the cursor must belong to (the
 * merchant and mode, or key pair); `filter` narrows the list further. A cursor naming no
 * item of the scope is the validation error api.md gives any bad parameter.
 */
export async function planPage(
  tx: DbOrTx,
  shape: ListShape,
  scope: SQL,
  filter: SQL | undefined,
  request: PageRequest,
  kept?: KeptCountKey | null,
): Promise<PagePlan> {
  const { table, order, cursorColumn } = shape;
  const unique = order[order.length - 1]!;
  const where = and(scope, filter)!;
  const newestFirst = order.map((c) => desc(c));
  const size = request.page_size;
  const cursorName = request.starting_after ? "starting_after" : request.ending_before ? "ending_before" : null;
  if (request.starting_after && request.ending_before) throw validationError(["starting_after and ending_before cannot be given together"]);

  if (!cursorName) {
    const offset = pageOffset(request);
    if (kept && shape.buckets && offset >= SEEK_FROM) {
      return {
        where: sql`${unique} in ${seekKeys(shape, shape.buckets, where, kept, offset, size)}`,
        orderBy: newestFirst,
        finish: (rows, total) => paged(rows, total, request),
      };
    }
    const keys = tx
      .select({ k: unique })
      .from(table)
      .where(where)
      .orderBy(...newestFirst)
      .limit(size)
      .offset(pageOffset(request));
    return { where: inArray(unique, keys), orderBy: newestFirst, finish: (rows, total) => paged(rows, total, request) };
  }

  const cursor = (request.starting_after ?? request.ending_before)!;
  const badCursor = () => validationError([`${cursorName} must be the id of an item of this list`]);
  const names =
    typeof cursorColumn === "function" ? cursorColumn(cursor) : cursorColumn.getSQLType() === "uuid" && !isUuid(cursor) ? null : eq(cursorColumn, cursor);
  if (!names) throw badCursor();
  const [anchor] = await tx.select({ k: unique }).from(table).where(and(scope, names)).limit(1);
  if (!anchor) throw badCursor();

  // The anchor's sort values, read in the same statement (a timestamp keeps its microseconds).
  const a = alias(table, "page_anchor") as unknown as Record<string, PgColumn>;
  const anchorCols = sql.join(
    order.map((c) => a[keyOf(table, c)]!),
    sql`, `,
  );
  const anchorRow = sql`(select ${anchorCols} from ${table} as ${sql.identifier("page_anchor")} where ${a[keyOf(table, unique)]!} = ${anchor.k})`;
  const row = sql`(${sql.join(order, sql`, `)})`;
  const after = cursorName === "starting_after";
  const keys = tx
    .select({ k: unique })
    .from(table)
    .where(and(where, after ? sql`${row} < ${anchorRow}` : sql`${row} > ${anchorRow}`))
    .orderBy(...(after ? newestFirst : order.map((c) => asc(c))))
    .limit(size + 1);
  return {
    where: inArray(unique, keys),
    orderBy: newestFirst,
    finish: (rows, total) => {
      const hasMore = rows.length > size;
      // The extra row is the one farthest from the anchor: the oldest after it, the newest before it.
      const items = !hasMore ? rows : after ? rows.slice(0, size) : rows.slice(rows.length - size);
      return { ...paged(items, total, { page: 0, page_size: size }), has_more: hasMore };
    },
  };
}

/**
 * The keys of a deep page of a kept list (`kept`: the count of exactly the rows `where`
 * selects), without walking the `offset` rows before it: the list's counts per bucket of its
 * first sort column, summed newest first, give the oldest bucket with at most `offset` rows
 * newer than it (`before`); the page is then `offset - before` rows into the rows below
 * that bucket's end. Counts and rows are read in one statement (one snapshot), so the page is
 * exactly the one OFFSET would give. No counts (an empty list): a plain OFFSET.
 */
function seekKeys(shape: ListShape, kind: BucketKind, where: SQL, kept: KeptCountKey, offset: number, size: number): SQL {
  const [first] = shape.order;
  const unique = shape.order[shape.order.length - 1]!;
  const lc = listCounts;
  const desc = sql.join(
    shape.order.map((c) => sql`${c} desc`),
    sql`, `,
  );
  const end = kind === "time" ? sql`'infinity'::timestamptz` : sql`9223372036854775807`;
  return sql`(with seek as (
      select bucket, before from (
        select ${lc.bucket} as bucket, (sum(sum(${lc.n})) over (order by ${lc.bucket} desc) - sum(${lc.n}))::bigint as before
          from ${lc} where ${keptCountWhere(kept)} group by ${lc.bucket}) s
       where before <= ${offset}::bigint order by bucket limit 1)
    select ${unique} from ${shape.table}
     where ${where} and ${first} < coalesce(${bucketEnd(kind, sql`(select bucket from seek)`)}, ${end})
     order by ${desc} limit ${size}::bigint offset (${offset}::bigint - coalesce((select before from seek), 0)))`;
}

/** The column a page query selects its list's total as (readPage). */
export type WithTotal = { listTotal: number };

/**
 * A list's exact total as readPage takes it: an expression (a kept count or a count(*)
 * subquery), or a search's cached total (lib/lists/search-counts.ts: an expression that reads -1
 * when the cache cannot answer, and the count to make then).
 */
export type ListTotal = SQL | { sql: SQL; count: (tx: DbOrTx) => Promise<number> };

/**
 * A page's rows and its list's exact total in ONE statement: `read` selects the page's rows
 * with `total` (an expression, evaluated once) as the column `listTotal`, so both see one
 * snapshot in one round trip. A page with no rows (past the end, or an empty list) reads the
 * total on its own; a search's cached total that cannot answer is counted (and cached).
 */
export async function readPage<T extends WithTotal>(
  tx: DbOrTx,
  total: ListTotal,
  read: (total: SQL<number>) => Promise<T[]>,
): Promise<[Omit<T, "listTotal">[], number]> {
  const search = total instanceof SQL ? null : total;
  const expression = search ? search.sql : (total as SQL);
  const rows = await read(sql<number>`${expression}`.mapWith(Number));
  let n: number;
  if (rows.length === 0) {
    n = await readCount(tx, expression);
  } else {
    n = rows[0]!.listTotal;
  }
  if (n < 0 && search) n = await search.count(tx);
  return [rows.map(({ listTotal: _, ...row }) => row), n];
}

/** A page statement built once and run prepared (shallowPage). */
export type PreparedPage = { execute: (params: Record<string, unknown>) => Promise<unknown[]> };

/** Per database handle (a transaction gets its own, short-lived), the shallow page statements built so far, by name. */
const preparedPages = new WeakMap<object, Map<string, PreparedPage>>();

/**
 * The statement of a list's shallow page (shallowPage), to be built once: the page's keys by
 * the list's covering index (`where`, newest first, `size` and `offset` bound at each run),
 * those rows, `extra` columns, and the list's total (`total`, a kept count) as `listTotal`:
 * the same rows and total planPage and readPage give, in one statement.
 */
export function shallowPageStatement(db: DbOrTx, name: string, shape: ListShape, where: SQL, total: SQL, extra: Record<string, SQL> = {}): PreparedPage {
  const { table, order } = shape;
  const unique = order[order.length - 1]!;
  const newestFirst = order.map((c) => desc(c));
  const keys = db
    .select({ k: unique })
    .from(table)
    .where(where)
    .orderBy(...newestFirst)
    .limit(sql.placeholder("size"))
    .offset(sql.placeholder("offset"));
  return db
    .select({ ...getTableColumns(table), ...extra, listTotal: sql<number>`${total}`.mapWith(Number) })
    .from(table)
    .where(inArray(unique, keys))
    .orderBy(...newestFirst)
    .prepare(name);
}

/**
 * The pages a list is opened at (no search, no cursor, an offset below SEEK_FROM, kept count)
 * are most of its reads: their statement is built once per list and filter shape (`name`,
 * `build`: shallowPageStatement with placeholders for the filter values) and run prepared, so
 * a request neither rebuilds the query nor has the database parse and plan it again. `params`
 * binds the placeholders. Answers null when the request is not such a page, or the page is
 * empty (the caller's general path answers those: its total is read on its own).
 */
export async function shallowPage<T>(
  db: DbOrTx,
  request: PageRequest,
  name: string,
  build: (db: DbOrTx, name: string) => PreparedPage,
  params: Record<string, unknown>,
): Promise<Paged<T & Record<string, unknown>> | null> {
  if (request.starting_after || request.ending_before) return null;
  const offset = pageOffset(request);
  if (offset >= SEEK_FROM) return null;
  let statements = preparedPages.get(db);
  if (!statements) preparedPages.set(db, (statements = new Map()));
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = build(db, name)));
  const rows = (await statement.execute({ ...params, size: request.page_size, offset })) as (T & WithTotal)[];
  if (rows.length === 0) return null;
  return paged(
    rows.map(({ listTotal: _, ...row }) => row as T & Record<string, unknown>),
    rows[0]!.listTotal,
    request,
  );
}
