import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { createdAt, id, MODES } from "./columns";
import { merchants } from "./merchants";

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
    /** The rail the money came through (null: the sandbox), its reference there and the fee it kept (kobo). */
    rail: text(),
    railReference: text(),
    railFee: bigint({ mode: "number" }),
    narration: text(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    paidAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.merchantId, t.mode, t.paidAt, t.id),
    index().on(t.staticPayIdId).where(sql`${t.staticPayIdId} is not null`),
    index().on(t.sessionId).where(sql`${t.sessionId} is not null`),
    uniqueIndex("payments_rail_reference_idx").on(t.rail, t.railReference).where(sql`${t.railReference} is not null`),
    index().on(t.invoiceId).where(sql`${t.invoiceId} is not null`),
  ],
);
export type Payment = typeof payments.$inferSelect;
