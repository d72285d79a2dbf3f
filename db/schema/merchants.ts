import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

export const MERCHANT_TYPES = ["business", "personal"] as const;
export type MerchantType = (typeof MERCHANT_TYPES)[number];

/** Static NGN account product state, set by admins (`owo merchant set`). */
export const STATIC_ACCOUNT_STATES = ["enabled", "disabled", "suspended"] as const;
export type StaticAccountState = (typeof STATIC_ACCOUNT_STATES)[number];

export const merchants = pgTable("merchants", {
  id: id(),
  name: text().notNull(),
  type: text({ enum: MERCHANT_TYPES }).notNull(),
  staticAccounts: text({ enum: STATIC_ACCOUNT_STATES }).notNull().default("disabled"),
  /** Set by an owner: every member must sign in with two-factor authentication. */
  requireTwoFactor: boolean().notNull().default(false),
  // ---- Suspension by a platform admin (lib/admin/suspend-merchant.ts, migration 0017): while
  // set, every /v1 request with the merchant's keys answers 403 MERCHANT_SUSPENDED and the
  // dashboard refuses money-moving actions. The reason is the admin's, also in the audit log.
  suspendedAt: timestamp({ withTimezone: true }),
  suspendedReason: text(),
  // ----
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Merchant = typeof merchants.$inferSelect;
