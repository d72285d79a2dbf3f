import { and, count, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import { readCount } from "@/db/statements/lists";
import { listCounts, type Mode } from "@/db/schema";

/**
 * The lists whose counts are kept (migration 0013's triggers), and what their a, b, c hold:
 * transfers: status, type · payments: channel, destination kind · events: key pair id, type,
 * delivery status · checkout_sessions: status · invoices: status, paused ("true"/"false").
 */
export type CountedList = "transfers" | "payments" | "events" | "checkout_sessions" | "invoices";

export type KeptCountKey = { list: CountedList; merchantId: string; mode: Mode; a?: string; b?: string; c?: string };

/** A kept count's key whose values may be left to bind (a prepared statement's placeholders: lib/lists/page-query.ts shallowPage). */
export type KeptCountTemplate = {
  list: CountedList;
  merchantId: string | Placeholder;
  mode: Mode | Placeholder;
  a?: string | Placeholder;
  b?: string | Placeholder;
  c?: string | Placeholder;
};

/**
 * A kept count as an expression (a scalar subquery): the rows of one list, merchant and mode
 * whose filter values equal those given. Read in the page's own statement (lib/lists/paging.ts
 * readPage), it sees the same snapshot as the page's rows: one round trip, exact.
 */
export function keptCountSql(key: KeptCountKey | KeptCountTemplate): SQL {
  return sql`(select coalesce(sum(${listCounts.n}), 0) from ${listCounts} where ${keptCountWhere(key)})`;
}

/** The list_counts rows of a kept count (all its buckets and slots). */
export function keptCountWhere(key: KeptCountKey | KeptCountTemplate): SQL {
  return and(
    eq(listCounts.list, key.list),
    eq(listCounts.merchantId, key.merchantId),
    eq(listCounts.mode, key.mode),
    key.a !== undefined ? eq(listCounts.a, key.a) : undefined,
    key.b !== undefined ? eq(listCounts.b, key.b) : undefined,
    key.c !== undefined ? eq(listCounts.c, key.c) : undefined,
  )!;
}

/**
 * How a kept list's rows are bucketed by its first sort column (migration 0014's triggers
 * compute the same, and the two must agree): a timestamp by the week of its epoch seconds
 * (bucket = floor(epoch / 604,800)), a sequence number by 16,384 (bucket = seq / 16,384).
 * A value lies in bucket b exactly when it is below the start of bucket b + 1.
 */
export const BUCKET_WIDTH = { time: 604_800, seq: 16_384 } as const;
export type BucketKind = keyof typeof BUCKET_WIDTH;

/** The start of the bucket after `bucket` (an SQL bigint), as a value of the sort column. */
export function bucketEnd(kind: BucketKind, bucket: SQL): SQL {
  const next = sql`((${bucket}) + 1) * ${sql.raw(String(BUCKET_WIDTH[kind]))}`;
  return kind === "time" ? sql`to_timestamp((${next})::float8)` : next;
}

/** A kept count, read on its own. */
export async function keptCount(tx: DbOrTx, key: KeptCountKey): Promise<number> {
  return readCount(tx, keptCountSql(key));
}

/** count(*) as an expression, for what cannot be kept (a search, a date range): the list's indexes bound it. */
export function countRowsSql(table: PgTable, where: SQL | undefined): SQL {
  return sql`(select count(*) from ${table} where ${where ?? sql`true`})`;
}

/** count(*) for what cannot be kept (a search, a date range): the list's indexes bound it. */
export async function countRows(tx: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
