import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";

export const SETTLEMENT_DESTINATIONS = ["wallet", "bank_account"] as const;

/** Where a merchant's static-account money goes at payout, per mode. */
export const settlementSettings = pgTable(
  "settlement_settings",
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    destination: text({ enum: SETTLEMENT_DESTINATIONS }).notNull().default("wallet"),
    walletPayIdId: uuid().references(() => payIds.id),
    bankCode: text(),
    accountNumber: text(),
    accountName: text(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("settlement_settings_merchant_idx").on(t.merchantId, t.mode)],
);

export const BATCH_STATUSES = ["open", "paying", "paid_out", "wallet_credit", "failed"] as const;

/** Payments taken at one cutoff for one merchant and mode, paid out together. */
export const settlementBatches = pgTable(
  "settlement_batches",
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    cutoffAt: timestamp({ withTimezone: true }).notNull(),
    paymentCount: integer().notNull(),
    gross: bigint({ mode: "number" }).notNull(),
    fees: bigint({ mode: "number" }).notNull(),
    net: bigint({ mode: "number" }).notNull(),
    status: text({ enum: BATCH_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.merchantId, t.mode, t.createdAt), index("settlement_batches_status_idx").on(t.status)],
);

export const PAYOUT_STATUSES = ["pending", "paid_out", "wallet_credit", "failed"] as const;

/** One payout attempt of a batch; a failed one is retried by the next run (a new attempt). */
export const settlementPayouts = pgTable(
  "settlement_payouts",
  {
    id: id(),
    batchId: uuid()
      .notNull()
      .references(() => settlementBatches.id),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    /** What the bank sees; it deduplicates on it. */
    reference: text().notNull().unique(),
    destination: text({ enum: SETTLEMENT_DESTINATIONS }).notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    status: text({ enum: PAYOUT_STATUSES }).notNull().default("pending"),
    attempt: integer().notNull().default(1),
    failureReason: text(),
    /** The rail that has (or last had) this attempt (supplement §11); null before it is sent. */
    rail: text(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.batchId)],
);
