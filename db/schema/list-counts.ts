import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { MODES } from "./columns";

/**
 * Kept row counts of the long lists (transfers, payments, events, checkout sessions,
 * invoices), so a list's exact `total` is a sum over a few rows, not a count(*) over a
 * million. Written only by the tables' triggers (migration 0013, custom SQL), in the same
 * transaction as the rows they count. One key (list, merchant, mode, a, b, c: the list's
 * filter values, '' where unused) may have several rows: a writer adds to a row no other
 * open transaction holds (FOR UPDATE SKIP LOCKED) or inserts a new one, so concurrent
 * writers never wait on one hot row. The count of a key is the sum of its rows. Rows are
 * also kept per bucket of the list's sort key (a week, or 16,384 event seq values: migration
 * 0014), so a deep page can find where its first row lies without walking the rows before it.
 */
export const listCounts = pgTable(
  "list_counts",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    list: text().notNull(),
    merchantId: uuid().notNull(),
    mode: text({ enum: MODES }).notNull(),
    a: text().notNull().default(""),
    b: text().notNull().default(""),
    c: text().notNull().default(""),
    /** Which bucket of the list's sort key the rows fall in (lib/lists/counts.ts BUCKETS, migration 0014). */
    bucket: bigint({ mode: "number" }).notNull().default(0),
    n: bigint({ mode: "number" }).notNull(),
  },
  (t) => [index().on(t.list, t.merchantId, t.mode, t.a, t.b, t.c, t.bucket)],
);

/**
 * Cached totals of searched lists (lib/lists/search-counts.ts, migration 0019): for one list, merchant,
 * mode and filter (`key`), how many matching rows have a sort key before `upto` (the hour mark
 * two to three hours back), as counted when the list's epoch was `epoch`. Valid only while it still is.
 */
export const searchCounts = pgTable(
  "search_counts",
  {
    list: text().notNull(),
    merchantId: uuid().notNull(),
    mode: text({ enum: MODES }).notNull(),
    key: text().notNull(),
    upto: timestamp({ withTimezone: true }).notNull(),
    epoch: bigint({ mode: "number" }).notNull(),
    n: bigint({ mode: "number" }).notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.list, t.merchantId, t.mode, t.key, t.upto] })],
);

/**
 * Per list, merchant and mode: bumped by the list table's row triggers (migration 0019) in the
 * same transaction as any write that could change the match of a row older than an hour.
 */
export const searchEpochs = pgTable(
  "search_epochs",
  {
    list: text().notNull(),
    merchantId: uuid().notNull(),
    mode: text({ enum: MODES }).notNull(),
    n: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.merchantId, t.mode] })],
);
