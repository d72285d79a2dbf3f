import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { createdAt, id, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";

/** api.md amount validation rules (A0–A5). */
export const AMOUNT_VALIDATIONS = ["A0", "A1", "A2", "A3", "A4", "A5"] as const;
export type AmountValidation = (typeof AMOUNT_VALIDATIONS)[number];

/** Where a receiving record came from (`source` in api.md). */
export const SOURCES = ["api", "dashboard", "checkout", "invoice"] as const;
export type Source = (typeof SOURCES)[number];

/**
 * A static PayID (`.spid` / `.checkout`): permanent, reusable, business accounts only. The
 * payable handle lives in `pay_ids` (kind `static`); this row holds what the merchant sees.
 */
export const staticPayIds = pgTable(
  "static_pay_ids",
  {
    id: id(),
    payIdId: uuid()
      .notNull()
      .unique()
      .references(() => payIds.id),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    keyPairId: uuid().references(() => apiKeyPairs.id),
    /** The wallet PayID payments settle to (the key's settlement PayID at creation). */
    settlementPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    name: text().notNull(),
    description: text(),
    source: text({ enum: SOURCES }).notNull().default("api"),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.merchantId, t.mode, t.createdAt)],
);
export type StaticPayId = typeof staticPayIds.$inferSelect;

export const DYNAMIC_PAY_ID_STATUSES = ["active", "completed", "expired", "deactivated"] as const;
export type DynamicPayIdStatus = (typeof DYNAMIC_PAY_ID_STATUSES)[number];

/** A dynamic PayID (`<slug>.dypid`): temporary, auto-expiring; standalone or issued for a session. */
export const dynamicPayIds = pgTable(
  "dynamic_pay_ids",
  {
    id: id(),
    payIdId: uuid()
      .notNull()
      .unique()
      .references(() => payIds.id),
    slug: text().notNull(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    keyPairId: uuid().references(() => apiKeyPairs.id),
    /** Set when issued by a checkout session's payment-method call. */
    sessionId: uuid(),
    /** Set when issued for an invoice's hosted page (takes several payments; the invoice's rule decides). */
    invoiceId: uuid(),
    settlementPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    creatorPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    creatorType: text({ enum: ["personal", "business"] }).notNull(),
    name: text().notNull(),
    /** Kobo; null means any amount. */
    amount: bigint({ mode: "number" }),
    amountValidation: text({ enum: AMOUNT_VALIDATIONS }).notNull().default("A4"),
    allowMultiplePayments: boolean().notNull().default(false),
    status: text({ enum: DYNAMIC_PAY_ID_STATUSES }).notNull().default("active"),
    source: text({ enum: SOURCES }).notNull().default("api"),
    metadata: jsonb().$type<Record<string, unknown>>(),
    /** Payments booked so far (allow_multiple_payments: completed vs expired at expiry). */
    paymentCount: integer().notNull().default(0),
    amountReceived: bigint({ mode: "number" }).notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    deactivatedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.merchantId, t.mode, t.createdAt),
    index("dynamic_pay_ids_due_idx").on(t.expiresAt).where(sql`${t.status} = 'active'`),
  ],
);
export type DynamicPayId = typeof dynamicPayIds.$inferSelect;

export const VIRTUAL_ACCOUNT_STATUSES = ["pending", "completed", "expired", "cancelled"] as const;
export type VirtualAccountStatus = (typeof VIRTUAL_ACCOUNT_STATUSES)[number];

/** A temporary bank account number issued by a partner bank; standalone or for a session. */
export const virtualAccounts = pgTable(
  "virtual_accounts",
  {
    id: id(),
    publicId: text().notNull().unique(),
    /** Unique internal reference (`VA_…`). */
    reference: text().notNull().unique(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    keyPairId: uuid().references(() => apiKeyPairs.id),
    sessionId: uuid(),
    /** Set when issued for an invoice's hosted page (takes several payments; the invoice's rule decides). */
    invoiceId: uuid(),
    settlementPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    /** Partner key (deprecated in the API; never displayed). */
    provider: text().notNull(),
    bankName: text().notNull(),
    bankCode: text(),
    /** Null when the bank could not issue (status cancelled). */
    accountNumber: text(),
    accountName: text(),
    /** Kobo. */
    amount: bigint({ mode: "number" }),
    amountValidation: text({ enum: AMOUNT_VALIDATIONS }).notNull(),
    status: text({ enum: VIRTUAL_ACCOUNT_STATUSES }).notNull().default("pending"),
    source: text({ enum: SOURCES }).notNull().default("api"),
    metadata: jsonb().$type<Record<string, unknown>>(),
    failureReason: text(),
    /** Set when a session switch or method change retired the account before its expiry. */
    retiredAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An account number identifies one account at its bank, for as long as we know it.
    uniqueIndex("virtual_accounts_number_idx").on(t.mode, t.accountNumber).where(sql`${t.accountNumber} is not null`),
    index().on(t.merchantId, t.mode, t.createdAt),
    index("virtual_accounts_due_idx").on(t.expiresAt).where(sql`${t.status} = 'pending'`),
  ],
);
export type VirtualAccount = typeof virtualAccounts.$inferSelect;

export const SESSION_STATUSES = ["active", "completed", "expired", "failed"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export type LineItem = { name: string; description?: string | null; quantity: number; amount: number };

/** A checkout session: one amount a customer pays by bank transfer, PayID, card or crypto. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: id(),
    /** `CHK_…` (supplement §3). */
    reference: text().notNull().unique(),
    merchantReference: text(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    keyPairId: uuid()
      .notNull()
      .references(() => apiKeyPairs.id),
    settlementPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    amount: bigint({ mode: "number" }).notNull(),
    currency: text().notNull().default("NGN"),
    customerEmail: text().notNull(),
    customerName: text(),
    callbackUrl: text(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    lineItems: jsonb().$type<LineItem[]>(),
    enabledPaymentMethods: text().array().notNull(),
    /** `<asset>:<network>` pairs offered; empty when crypto is not offered. */
    cryptoAssets: text().array().notNull().default([]),
    status: text({ enum: SESSION_STATUSES }).notNull().default("active"),
    /** The method currently selected (null before selection). */
    paymentMethod: text(),
    /** Method selections that changed the method (api.md "attempt counter"). */
    attempts: integer().notNull().default(0),
    virtualAccountId: uuid(),
    dynamicPayIdId: uuid(),
    /** The payment that completed the session. */
    paymentReference: text(),
    paidAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One active session per caller reference: the initialize race has one winner.
    uniqueIndex("checkout_sessions_active_reference_idx")
      .on(t.merchantId, t.mode, t.merchantReference)
      .where(sql`${t.merchantReference} is not null and ${t.status} = 'active'`),
    index().on(t.merchantId, t.mode, t.createdAt, t.id),
    index("checkout_sessions_due_idx").on(t.expiresAt).where(sql`${t.status} = 'active'`),
  ],
);
export type CheckoutSession = typeof checkoutSessions.$inferSelect;

/** A session's timeline: created, method_selected, method_switched, bank_switched, paid, expired, failed. */
export const sessionEvents = pgTable(
  "session_events",
  {
    id: id(),
    sessionId: uuid()
      .notNull()
      .references(() => checkoutSessions.id),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.sessionId, t.createdAt)],
);
export type SessionEvent = typeof sessionEvents.$inferSelect;

export const PAYMENT_DESTINATIONS = ["wallet", "static_payid", "dynamic_payid", "virtual_account", "session", "static_account", "invoice"] as const;
export type PaymentDestinationKind = (typeof PAYMENT_DESTINATIONS)[number];

/**
 * Every inbound payment, on any channel: the Payments area reads this. Its `reference` is
 * also the ledger entry's reference, so a duplicate bank notification books nothing twice.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    reference: text().notNull().unique(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    keyPairId: uuid().references(() => apiKeyPairs.id),
    channel: text().notNull(),
    status: text().notNull().default("completed"),
    amount: bigint({ mode: "number" }).notNull(),
    fee: bigint({ mode: "number" }).notNull().default(0),
    destinationKind: text({ enum: PAYMENT_DESTINATIONS }).notNull(),
    /** The PayID paid (wallet, static or dynamic), when paid by PayID. */
    payIdId: uuid(),
    staticPayIdId: uuid(),
    dynamicPayIdId: uuid(),
    virtualAccountId: uuid(),
    sessionId: uuid(),
    invoiceId: uuid(),
    settlementPayIdId: uuid().notNull(),
    merchantReference: text(),
    customerEmail: text(),
    customerName: text(),
    payer: jsonb().$type<Record<string, unknown>>(),
    narration: text(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    paidAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.merchantId, t.mode, t.paidAt, t.id),
    index().on(t.staticPayIdId).where(sql`${t.staticPayIdId} is not null`),
    index().on(t.sessionId).where(sql`${t.sessionId} is not null`),
    index().on(t.invoiceId).where(sql`${t.invoiceId} is not null`),
  ],
);
export type Payment = typeof payments.$inferSelect;
