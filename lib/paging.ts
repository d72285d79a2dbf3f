import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { alias, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { queryRows, type DbOrTx } from "@/db/client";
import { validationError } from "@/lib/errors";
import { isUuid } from "@/lib/text-patterns";
import { listCounts } from "@/db/schema";
import { bucketEnd, keptCountWhere, type BucketKind, type KeptCountKey } from "@/lib/list-counts";

/** From this offset on, a page of a kept list seeks through the bucketed counts (below it, walking is cheaper). */
const SEEK_FROM = 2_000;

/**
 * One page of a list: what the /v1 list endpoints answer (api.md) and the dashboard's lists
 * show. A page asked for by cursor (`starting_after` / `ending_before`) has `page` 0 (its
 * number is not worked out: that would cost a count up to it) and `has_more`: whether rows
 * lie beyond it in the direction it was asked for.
 */
export type Paged<T> = { items: T[]; total: number; page: number; page_size: number; total_pages: number; has_more?: boolean };

export type Paging = { page: number; page_size: number };
/** The cursor extension: an item id of the same list (its public id); at most one of the two. */
export type Cursor = { starting_after?: string; ending_before?: string };
export type PageRequest = Paging & Cursor;

/** Rows to skip to reach this page. */
export const pageOffset = (p: Paging): number => (p.page - 1) * p.page_size;

/** `items` (this page's rows) of `total` as a page. */
export function paged<T>(items: T[], total: number, p: Paging): Paged<T> {
  return { items, total, page: p.page, page_size: p.page_size, total_pages: Math.ceil(total / p.page_size) };
}

/** A page's URL search params, flattened: the first value of each, empty ones dropped. */
export function flattenSearch(search: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(search)
      .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])
      .filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""),
  );
}

const cursorField = (name: string, description: string) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .min(1, `${name} must be an item id`)
    .max(200, `${name} must be at most 200 characters`)
    .optional()
    .meta({ description });

/**
 * `page` and `page_size` as every /v1 list takes them (page_size 1–100, default 20), and the
 * cursor extension `starting_after` / `ending_before` (an item id: the page after or before it).
 */
export const pagingQueryFields = {
  page: z.coerce.number({ error: "page must be an integer" }).int("page must be an integer").min(1, "page must be at least 1").default(1),
  page_size: z.coerce
    .number({ error: "page_size must be an integer" })
    .int("page_size must be an integer")
    .min(1, "page_size must be at least 1")
    .max(100, "page_size must be at most 100")
    .default(20),
  starting_after: cursorField(
    "starting_after",
    "Cursor (extension): the id of an item of this list; answers the page_size items after it (older), with has_more. " +
      "Walks any depth at constant cost, unaffected by rows added meanwhile. page is then ignored and answered as 0.",
  ),
  ending_before: cursorField(
    "ending_before",
    "Cursor (extension): the id of an item of this list; answers the page_size items before it (newer), with has_more. " +
      "Not together with starting_after.",
  ),
};

/** How one list is ordered and addressed: newest first by `order` (all descending, the last unique). */
export type ListShape = {
  table: PgTable;
  /** Sort columns, newest first; the last one is unique and is what the page query selects first. */
  order: [PgColumn, ...PgColumn[]];
  /**
   * The column an item id (the cursor) names, or the condition on the table's row that an id
   * names (null: that id can name no item) when the id lives in another table.
   */
  cursorColumn: PgColumn | ((id: string) => SQL | null);
  /** How the kept counts bucket the first sort column (lib/list-counts.ts): lets a deep page seek. */
  buckets?: BucketKind;
};

/** The rows a page query fetches (`where`, then `orderBy`) and how to turn them into the envelope. */
export type PagePlan = {
  where: SQL;
  orderBy: SQL[];
  finish<T>(rows: T[], total: number): Paged<T>;
};

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
      return { where: sql`${unique} in ${seekKeys(shape, shape.buckets, where, kept, offset, size)}`, orderBy: newestFirst, finish: (rows, total) => paged(rows, total, request) };
    }
    const keys = tx.select({ k: unique }).from(table).where(where).orderBy(...newestFirst).limit(size).offset(pageOffset(request));
    return { where: inArray(unique, keys), orderBy: newestFirst, finish: (rows, total) => paged(rows, total, request) };
  }

  const cursor = (request.starting_after ?? request.ending_before)!;
  const badCursor = () => validationError([`${cursorName} must be the id of an item of this list`]);
  const names = typeof cursorColumn === "function" ? cursorColumn(cursor) : cursorColumn.getSQLType() === "uuid" && !isUuid(cursor) ? null : eq(cursorColumn, cursor);
  if (!names) throw badCursor();
  const [anchor] = await tx
    .select({ k: unique })
    .from(table)
    .where(and(scope, names))
    .limit(1);
  if (!anchor) throw badCursor();

  // The anchor's sort values, read in the same statement (a timestamp keeps its microseconds).
  const a = alias(table, "page_anchor") as unknown as Record<string, PgColumn>;
  const anchorCols = sql.join(order.map((c) => a[keyOf(table, c)]!), sql`, `);
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

/** Rows per database read when a list is walked whole (an export). */
export const WALK_BATCH = 500;

/**
 * Every item of a list, newest first, a batch at a time through the cursor: each read is one
 * constant-cost page after the last item of the one before (rows added meanwhile are newer and
 * do not shift it), at most `limit` items in all.
 */
export async function* walkList<T>(
  read: (request: PageRequest) => Promise<Paged<T>>,
  idOf: (item: T) => string,
  limit = Number.POSITIVE_INFINITY,
  batch = WALK_BATCH,
): AsyncGenerator<T[]> {
  let seen = 0;
  let after: string | undefined;
  while (seen < limit) {
    const size = Math.min(batch, limit - seen);
    const page = await read({ page: 1, page_size: size, starting_after: after, ending_before: undefined });
    if (page.items.length) yield page.items;
    seen += page.items.length;
    const more = after === undefined ? page.items.length === size : page.has_more === true;
    if (!more || !page.items.length) return;
    after = idOf(page.items[page.items.length - 1]!);
  }
}

/** The column a page query selects its list's total as (readPage). */
export type WithTotal = { listTotal: number };

/**
 * A page's rows and its list's exact total in ONE statement: `read` selects the page's rows
 * with `total` (an expression: a kept count or a count(*) subquery, evaluated once) as the
 * column `listTotal`, so both see one snapshot in one round trip. A page with no rows (past
 * the end, or an empty list) reads the total on its own.
 */
export async function readPage<T extends WithTotal>(tx: DbOrTx, total: SQL, read: (total: SQL<number>) => Promise<T[]>): Promise<[Omit<T, "listTotal">[], number]> {
  const rows = await read(sql<number>`${total}`.mapWith(Number));
  if (rows.length === 0) {
    const [row] = await queryRows<{ n: string }>(tx, sql`select ${total}::text as n`);
    return [[], Number(row?.n ?? 0)];
  }
  const n = rows[0]!.listTotal;
  return [rows.map(({ listTotal: _, ...row }) => row), n];
}
