import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { AMOUNT_VALIDATIONS, createdAt, id, MODES, SOURCES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";

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
    index("dynamic_pay_ids_due_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
  ],
);
export type DynamicPayId = typeof dynamicPayIds.$inferSelect;
