import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";

/** When the wallet is paid out (supplement §13): daily at a Lagos hour, weekly on a weekday, or only by hand. */
export const PAYOUT_SCHEDULES = ["daily", "weekly", "manual"] as const;
export type PayoutSchedule = (typeof PAYOUT_SCHEDULES)[number];

/**
 * A merchant's payout account and schedule, per mode (test payouts run on the sandbox bank).
 * The account is the one name enquiry returned. At each payout time the wallet's available
 * balance above `reserve` (money that arrived that Lagos day waits for the next one) is sent
 * as one transfer with `source: "payout"`, its merchant reference `payout-<Lagos date>`, so a
 * period is paid at most once whatever runs it.
 */
export const payoutSettings = pgTable(
  "payout_settings",
  {
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    bankCode: text().notNull(),
    bankName: text().notNull(),
    accountNumber: text().notNull(),
    accountName: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }).notNull(),
    schedule: text({ enum: PAYOUT_SCHEDULES }).notNull().default("daily"),
    /** Lagos hour of day, 0–23. */
    hour: integer().notNull().default(10),
    /** ISO weekday for weekly payouts: 1 Monday … 7 Sunday. */
    weekday: integer().notNull().default(1),
    /** Kobo kept in the wallet. */
    reserve: bigint({ mode: "number" }).notNull().default(0),
    /** The last period (Lagos date) the scheduler looked at: one look per period per instance round. */
    lastRunPeriod: text(),
    lastRunNote: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.mode] }),
    check("payout_settings_hour", sql`${t.hour} between 0 and 23`),
    check("payout_settings_weekday", sql`${t.weekday} between 1 and 7`),
    check("payout_settings_reserve", sql`${t.reserve} >= 0`),
  ],
);
export type PayoutSettings = typeof payoutSettings.$inferSelect;
