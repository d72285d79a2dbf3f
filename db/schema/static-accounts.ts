import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { createdAt, id, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";

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
    /** The rail that issued it (null: the built-in sandbox partners) and its id there. */
    rail: text(),
    railReference: text(),
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
    status: text({ enum: ["processing", "completed"] })
      .notNull()
      .default("completed"),
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
    index("static_account_payments_due_idx")
      .on(t.mode, t.expectedPayoutAt)
      .where(sql`${t.settlementStatus} = 'pending_settlement'`),
    index().on(t.batchId),
  ],
);
export type StaticAccountPayment = typeof staticAccountPayments.$inferSelect;
