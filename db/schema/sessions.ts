import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { createdAt, id, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";
import { paymentLinks } from "./payment-links";

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
    /** The key pair that created it; null for a payment link made in the dashboard (its payments are heard by the wallet's keys). */
    keyPairId: uuid().references(() => apiKeyPairs.id),
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
    /** The payment link the customer started from (/l/<slug>), set by Owo, never by the caller. */
    paymentLinkId: uuid().references(() => paymentLinks.id),
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
    index("checkout_sessions_payment_link_idx")
      .on(t.paymentLinkId, t.createdAt)
      .where(sql`${t.paymentLinkId} is not null`),
    index("checkout_sessions_due_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
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
