import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { createdAt, id, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";

export const TRANSFER_TYPES = ["bank_transfer", "payid"] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];
export const TRANSFER_STATUSES = ["pending", "completed", "failed"] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** A payout from a merchant's wallet to a bank account or another wallet's PayID. */
export const transfers = pgTable(
  "transfers",
  {
    id: id(),
    /** The service reference: also what the bank sees, so it can deduplicate our calls. */
    reference: text().notNull().unique(),
    publicId: text().notNull().unique(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    keyPairId: uuid().references(() => apiKeyPairs.id),
    walletPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    type: text({ enum: TRANSFER_TYPES }).notNull(),
    status: text({ enum: TRANSFER_STATUSES }).notNull().default("pending"),
    amount: bigint({ mode: "number" }).notNull(),
    fee: bigint({ mode: "number" }).notNull().default(0),
    vat: bigint({ mode: "number" }).notNull().default(0),
    stampDuty: bigint({ mode: "number" }).notNull().default(0),
    narration: text(),
    recipientName: text().notNull(),
    recipientBankCode: text(),
    recipientBankName: text(),
    recipientAccountNumber: text(),
    recipientPayIdId: uuid().references(() => payIds.id),
    /** The caller's idempotency reference. */
    merchantReference: text(),
    /** Fingerprint of the request body, to tell a replay from a conflicting reuse. */
    requestHash: text(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    source: text().notNull().default("api"),
    failureReason: text(),
    bankSubmittedAt: timestamp({ withTimezone: true }),
    /** When the scheduler may next look at a pending transfer (also its lease). */
    nextCheckAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("transfers_merchant_reference_idx").on(t.merchantId, t.mode, t.merchantReference).where(sql`${t.merchantReference} is not null`),
    index().on(t.merchantId, t.mode, t.createdAt, t.id),
    index("transfers_pending_idx").on(t.status, t.nextCheckAt),
  ],
);

export type Transfer = typeof transfers.$inferSelect;
