import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, MODES } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";

export const PERMISSIONS = ["checkout", "virtual_payid", "virtual_account", "invoices", "transfers"] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PAYMENT_METHODS = ["bank_transfer", "payid", "card", "crypto"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * One API key pair: a secret key (stored only as a SHA-256 hash plus a display prefix) and a
 * public key, sharing one configuration. The pair is "the API key" for record ownership.
 */
export const apiKeyPairs = pgTable(
  "api_key_pairs",
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    name: text().notNull().default("API key"),
    secretHash: text().notNull().unique(),
    /** e.g. `sk_test_Ab12…` + last four: enough to recognise a key, useless to use it. */
    secretPrefix: text().notNull(),
    secretLast4: text().notNull(),
    publicKey: text().notNull().unique(),
    permissions: text({ enum: PERMISSIONS }).array().notNull(),
    webhookUrl: text(),
    webhookSecret: text().notNull(),
    /** Kept for 24 h after a rotation so deliveries carry both signatures. */
    previousWebhookSecret: text(),
    webhookSecretRotatedAt: timestamp({ withTimezone: true }),
    settlementPayIdId: uuid().references(() => payIds.id),
    /** The programmable-debit wallet transfers draw from; null means none linked. */
    walletPayIdId: uuid().references(() => payIds.id),
    allowedDomains: text().array().notNull().default([]),
    paymentMethods: text({ enum: PAYMENT_METHODS }).array().notNull().default(["bank_transfer", "payid"]),
    cryptoAssets: text().array().notNull().default([]),
    rateLimit: integer().notNull().default(100),
    initializeLimit: integer().notNull().default(30),
    rolledAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.merchantId, t.mode)],
);

export type ApiKeyPair = typeof apiKeyPairs.$inferSelect;
