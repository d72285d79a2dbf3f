import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window request counters shared by every app instance. The table is UNLOGGED (see the
 * custom migration): a crash may lose a few seconds of counts, which is harmless, and writes
 * to it commit without waiting for a WAL flush.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    bucket: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);
