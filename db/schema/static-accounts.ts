import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { createdAt, id, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";
import { users } from "./users";

export const STATIC_ACCOUNT_STATUSES = ["active", "disabled", "suspended", "deleted"] as const;
export type StaticAccountStatus = (typeof STATIC_ACCOUNT_STATUSES)[number];
export const IDENTITY_TYPES = ["bvn", "nin", "rc"] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];

/**
 * A permanent bank account number issued per customer (api.md "Static NGN account"). The id is
 * the short id (`sa_…`) every call uses. The identity number is kept only as a keyed hash (to
 * recognise a repeat) and its last four characters: never in clear, never returned.
 */
export const staticAccounts = pgTable(
  "static_accounts",
  {
    id: text().primaryKey(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    keyPairId: uuid().references(() => apiKeyPairs.id),
    /** The merchant's reference: idempotent per merchant and mode, never reused after delete. */
    reference: text().notNull(),
    provider: text().notNull(),
    accountNumber: text().notNull(),
    accountName: text().notNull(),
    bankName: text().notNull(),
    bankCode: text(),
    currency: text().notNull().default("NGN"),
    status: text({ enum: STATIC_ACCOUNT_STATUSES }).notNull().default("active"),
    customerName: text().notNull(),
    customerEmail: text(),
    customerPhone: text(),
    identityType: text({ enum: IDENTITY_TYPES }).notNull(),
    identityNumberHash: text().notNull(),
    identityLast4: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    inflowCount: integer().notNull().default(0),
    /** Gross kobo received. */
    totalReceived: bigint({ mode: "number" }).notNull().default(0),
    lastPaymentAt: timestamp({ withTimezone: true }),
    disabledAt: timestamp({ withTimezone: true }),
    suspendedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("static_accounts_reference_idx").on(t.merchantId, t.mode, t.reference),
    // A number is never reused, deleted or not.
    uniqueIndex("static_accounts_number_idx").on(t.mode, t.accountNumber),
    index().on(t.merchantId, t.mode, t.createdAt),
  ],
);
export type StaticAccount = typeof staticAccounts.$inferSelect;

/** Create attempts and identity mismatches, for STATIC_ACCOUNT_RATE_LIMITED (last hour). */
export const staticAccountAttempts = pgTable(
  "static_account_attempts",
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    /** `create` for every attempt, `mismatch` for an identity mismatch. */
    kind: text({ enum: ["create", "mismatch"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.merchantId, t.mode, t.kind, t.createdAt)],
);

export const SETTLEMENT_STATUSES = ["pending_settlement", "batched", "paid_out", "wallet_credit", "under_review", "refunded", "failed"] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** A payment into a static account (api.md "Static account payment"). Kobo inside. */
export const staticAccountPayments = pgTable(
  "static_account_payments",
  {
    id: id(),
    staticAccountId: text()
      .notNull()
      .references(() => staticAccounts.id),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    /** Transaction reference (also the ledger entry's and the `payments` row's). */
    reference: text().notNull().unique(),
    amount: bigint({ mode: "number" }).notNull(),
    fee: bigint({ mode: "number" }).notNull(),
    currency: text().notNull().default("NGN"),
    status: text({ enum: ["processing", "completed"] }).notNull().default("completed"),
    payer: jsonb().$type<{ name: string | null; bank: string | null; account: string | null }>(),
    narration: text(),
    /** Bank-side session id. */
    sessionId: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    bookedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settlementStatus: text({ enum: SETTLEMENT_STATUSES }).notNull().default("pending_settlement"),
    expectedPayoutAt: timestamp({ withTimezone: true }).notNull(),
    settledAt: timestamp({ withTimezone: true }),
    batchId: uuid(),
    payoutId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.staticAccountId, t.createdAt),
    index().on(t.merchantId, t.mode, t.createdAt),
    index("static_account_payments_due_idx").on(t.mode, t.expectedPayoutAt).where(sql`${t.settlementStatus} = 'pending_settlement'`),
    index().on(t.batchId),
  ],
);
export type StaticAccountPayment = typeof staticAccountPayments.$inferSelect;

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
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.batchId)],
);

export const REFUND_STATUSES = ["requested", "processing", "completed", "failed", "rejected"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund of a static-account payment, reviewed by an admin. */
export const refunds = pgTable(
  "refunds",
  {
    /** `rfd_…` */
    id: text().primaryKey(),
    paymentId: uuid()
      .notNull()
      .references(() => staticAccountPayments.id),
    staticAccountId: text()
      .notNull()
      .references(() => staticAccounts.id),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    keyPairId: uuid().references(() => apiKeyPairs.id),
    amount: bigint({ mode: "number" }).notNull(),
    currency: text().notNull().default("NGN"),
    status: text({ enum: REFUND_STATUSES }).notNull().default("requested"),
    reason: text(),
    rejectionReason: text(),
    failureReason: text(),
    reviewedByUserId: uuid().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true }),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open refund per payment: a repeated request returns it.
    uniqueIndex("refunds_open_idx").on(t.paymentId).where(sql`${t.status} in ('requested', 'processing')`),
    index().on(t.merchantId, t.mode, t.createdAt),
    index("refunds_status_idx").on(t.status, t.createdAt),
  ],
);
export type Refund = typeof refunds.$inferSelect;
