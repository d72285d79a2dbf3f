import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { BucketKind } from "@/lib/lists/counts";

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
    "Cursor (extension): the id of an item of this list; answers the page_size items before it (newer), with has_more. " + "Not together with starting_after.",
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
  /** How the kept counts bucket the first sort column (lib/lists/counts.ts): lets a deep page seek. */
  buckets?: BucketKind;
};

/** The rows a page query fetches (`where`, then `orderBy`) and how to turn them into the envelope. */
export type PagePlan = {
  where: SQL;
  orderBy: SQL[];
  finish<T>(rows: T[], total: number): Paged<T>;
};

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
