import { bigint, date, integer, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";
import { MODES } from "./columns";
import { merchants } from "./merchants";

/**
 * The dashboard overview's figures, kept instead of scanned: one row per merchant, mode and
 * calendar day in Africa/Lagos. Both tables are maintained by Postgres triggers in the same
 * transaction as the row they count (see the overview_rollups migration's custom SQL), so no
 * write path has to remember them and concurrent writers add up exactly (upsert under the row lock).
 */

/** Inbound payments collected (every `payments` row, by the Lagos day of `paid_at`). */
export const dailyVolume = pgTable(
  "daily_volume",
  {
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    day: date({ mode: "string" }).notNull(),
    amountKobo: bigint({ mode: "number" }).notNull().default(0),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.mode, t.day] })],
);
export type DailyVolume = typeof dailyVolume.$inferSelect;

/** Checkout sessions started (Lagos day of `created_at`) and completed (Lagos day of `paid_at`). */
export const dailySessions = pgTable(
  "daily_sessions",
  {
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    day: date({ mode: "string" }).notNull(),
    /**
     * One of up to 8 rows per day, picked by the writer's connection (pg_backend_pid() % 8): every
     * session initialize adds to it at commit, and one row per day would make a merchant's
     * concurrent initializes queue on its lock through each commit. Readers sum.
     */
    slot: smallint().notNull().default(0),
    started: integer().notNull().default(0),
    completed: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.mode, t.day, t.slot] })],
);
export type DailySessions = typeof dailySessions.$inferSelect;
