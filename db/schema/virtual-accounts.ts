import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { AMOUNT_VALIDATIONS, createdAt, id, MODES, SOURCES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";

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
    /** The rail that issued it (null: the built-in sandbox partners) and its id there. */
    rail: text(),
    railReference: text(),
    /** Set when a session switch or method change retired the account before its expiry. */
    retiredAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An account number identifies one account at its bank, for as long as we know it.
    uniqueIndex("virtual_accounts_number_idx")
      .on(t.mode, t.accountNumber)
      .where(sql`${t.accountNumber} is not null`),
    index().on(t.merchantId, t.mode, t.createdAt),
    index("virtual_accounts_due_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
export type VirtualAccount = typeof virtualAccounts.$inferSelect;
