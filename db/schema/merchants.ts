import { boolean, pgTable, text } from "drizzle-orm/pg-core";
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Merchant = typeof merchants.$inferSelect;
