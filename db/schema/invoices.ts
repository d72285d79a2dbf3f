import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { createdAt, id, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";

/** api.md's invoice states. */
export const INVOICE_STATUSES = ["draft", "sent", "partial", "paid", "overdue", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Supplement §6: what happens when a sent or partial invoice passes its due date. */
export const DUE_DATE_ACTIONS = ["none", "pause"] as const;
export type DueDateAction = (typeof DUE_DATE_ACTIONS)[number];

/** One line as stored and as the API shows it; `amount` = quantity × unit_price (kobo). */
export type InvoiceLineItem = { description: string; quantity: number; unit_price: number; amount: number };

/**
 * An invoice (supplement §6). Totals are computed on the server, in kobo; `tax_rate` is kept
 * as basis points (7.5% → 750) so no float ever touches money. `public_id` (`inv_…`) is what
 * the API and the hosted page (`/i/<public_id>`) use.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    publicId: text().notNull().unique(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    /** The key pair that created it (its webhook hears the events); null when made in the dashboard. */
    keyPairId: uuid().references(() => apiKeyPairs.id),
    /** The wallet PayID payments settle to (the key's settlement PayID, else the wallet PayID). */
    settlementPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    /** `INV-000001`, sequential per merchant and mode. */
    invoiceNumber: text().notNull(),
    status: text({ enum: INVOICE_STATUSES }).notNull().default("draft"),
    paused: boolean().notNull().default(false),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    lineItems: jsonb().$type<InvoiceLineItem[]>().notNull(),
    subtotal: bigint({ mode: "number" }).notNull(),
    taxRateBp: integer().notNull().default(0),
    taxAmount: bigint({ mode: "number" }).notNull(),
    total: bigint({ mode: "number" }).notNull(),
    amountPaid: bigint({ mode: "number" }).notNull().default(0),
    currency: text().notNull().default("NGN"),
    /** The ISO date the customer sees. */
    dueDate: date({ mode: "string" }).notNull(),
    /** When the due date has passed: the end of dueDate in Lagos (sandbox expire sets it to now). */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    /** Set once the due-date transition (overdue or pause) has been applied. */
    dueHandledAt: timestamp({ withTimezone: true }),
    note: text(),
    allowPartialPayments: boolean().notNull().default(false),
    dueDateAction: text({ enum: DUE_DATE_ACTIONS }).notNull().default("none"),
    merchantReference: text(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    /** Fingerprint of the create body: a replay with the same merchant_reference and body returns this invoice. */
    requestHash: text(),
    /** The hosted page address, fixed at creation (events carry it, also from the scheduler). */
    paymentUrl: text().notNull(),
    source: text({ enum: ["api", "dashboard"] })
      .notNull()
      .default("api"),
    /** The current virtual account and dynamic PayID offered on the hosted page. */
    virtualAccountId: uuid(),
    dynamicPayIdId: uuid(),
    issuedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    pausedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    overdueAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_number_idx").on(t.merchantId, t.mode, t.invoiceNumber),
    uniqueIndex("invoices_reference_idx")
      .on(t.merchantId, t.mode, t.merchantReference)
      .where(sql`${t.merchantReference} is not null`),
    index().on(t.merchantId, t.mode, t.createdAt, t.id),
    // The due-date job's work list: issued, unpaid, not yet handled.
    index("invoices_due_idx")
      .on(t.dueAt)
      .where(sql`${t.dueHandledAt} is null and ${t.status} in ('sent', 'partial')`),
    // The notification job's read of recently sent invoices (lib/notifications/queue-notifications.ts).
    index("invoices_issued_idx")
      .on(t.issuedAt)
      .where(sql`${t.issuedAt} is not null`),
  ],
);
export type Invoice = typeof invoices.$inferSelect;

/** The next invoice number per merchant and mode (a row lock serialises concurrent creates). */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    lastNumber: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.mode] })],
);

/**
 * An invoice's timeline (what the dashboard shows): created, updated, sent, payment, paid,
 * paused, resumed, overdue, cancelled. Webhook events are the outbox's; these are for people.
 */
export const invoiceActivity = pgTable(
  "invoice_activity",
  {
    id: id(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    type: text().notNull(),
    /** Who did it: `api`, `dashboard`, `customer`, `scheduler`, `sandbox`. */
    actor: text(),
    data: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.invoiceId, t.createdAt)],
);
export type InvoiceActivity = typeof invoiceActivity.$inferSelect;
