import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { createdAt, id, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";

export const TRANSFER_TYPES = ["bank_transfer", "payid"] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];
/** `reversed`: completed, then taken back by the provider (supplement §11); its money is back in the wallet. */
export const TRANSFER_STATUSES = ["pending", "completed", "failed", "reversed"] as const;
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
    /** The rail that has (or last had) the payout: null for PayID transfers and before it is sent. */
    rail: text(),
    /** Owo's reference as that rail takes it (what its webhooks carry). */
    railReference: text(),
    /** What a person must do at the provider (an OTP, a blocked transfer); null when nothing. */
    railAttention: text(),
    /** Kobo the provider charged for the payout, when it said. */
    railFee: bigint({ mode: "number" }),
    /** Rails that definitely refused this payout (failover moves past them). */
    railsRefused: text().array(),
    /** Status queries made since it was sent (their backoff). */
    statusChecks: integer().notNull().default(0),
    reversedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("transfers_merchant_reference_idx")
      .on(t.merchantId, t.mode, t.merchantReference)
      .where(sql`${t.merchantReference} is not null`),
    index().on(t.merchantId, t.mode, t.createdAt, t.id),
    index("transfers_pending_idx").on(t.status, t.nextCheckAt),
    index("transfers_rail_reference_idx")
      .on(t.rail, t.railReference)
      .where(sql`${t.railReference} is not null`),
    index("transfers_payouts_idx")
      .on(t.merchantId, t.mode, t.createdAt, t.id)
      .where(sql`${t.source} = 'payout'`),
    index("transfers_rail_attention_idx")
      .on(t.updatedAt)
      .where(sql`${t.railAttention} is not null and ${t.status} = 'pending'`),
  ],
);

export type Transfer = typeof transfers.$inferSelect;
