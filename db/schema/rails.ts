import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { merchants } from "./merchants";

export const RAIL_WEBHOOK_OUTCOMES = ["booked", "duplicate", "transfer_updated", "suspense", "ignored", "not_confirmed", "failed"] as const;
export type RailWebhookOutcome = (typeof RAIL_WEBHOOK_OUTCOMES)[number];

/**
 * A verified delivery of a rail's webhook, stored before it is answered (supplement §11) and
 * processed from this row after commit (the scheduler retries any left unprocessed). One row
 * per (rail, dedupe key): a repeated delivery finds it and adds nothing.
 */
export const railWebhooks = pgTable(
  "rail_webhooks",
  {
    id: id(),
    rail: text().notNull(),
    dedupeKey: text().notNull(),
    body: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
    outcome: text({ enum: RAIL_WEBHOOK_OUTCOMES }),
    detail: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).defaultNow(),
  },
  (t) => [
    uniqueIndex("rail_webhooks_dedupe_idx").on(t.rail, t.dedupeKey),
    index("rail_webhooks_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.processedAt} is null`),
    index("rail_webhooks_recent_idx").on(t.rail, t.receivedAt),
  ],
);
export type RailWebhook = typeof railWebhooks.$inferSelect;

export const SUSPENSE_STATUSES = ["open", "assigned", "returned"] as const;
export type SuspenseStatus = (typeof SUSPENSE_STATUSES)[number];

/**
 * Money a rail received (confirmed by its API) that matches no instrument: a closed or unknown
 * account, an amount the account's rules refuse. Never dropped: held here (and in the ledger's
 * suspense account) until an admin assigns it to a merchant or returns it to the payer.
 */
export const railSuspense = pgTable(
  "rail_suspense",
  {
    id: id(),
    rail: text().notNull(),
    providerReference: text().notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    providerFee: bigint({ mode: "number" }).notNull().default(0),
    accountNumber: text(),
    accountReference: text(),
    payer: jsonb().$type<{ name: string | null; bank: string | null; account: string | null }>(),
    sessionId: text(),
    reason: text().notNull(),
    status: text({ enum: SUSPENSE_STATUSES }).notNull().default("open"),
    merchantId: uuid().references(() => merchants.id),
    /** The payment booked when it was assigned. */
    paymentReference: text(),
    /** The payout that returned it to the payer. */
    returnReference: text(),
    note: text(),
    resolvedBy: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("rail_suspense_provider_reference_idx").on(t.rail, t.providerReference),
    index("rail_suspense_open_idx")
      .on(t.receivedAt)
      .where(sql`${t.status} = 'open'`),
  ],
);
export type RailSuspense = typeof railSuspense.$inferSelect;
