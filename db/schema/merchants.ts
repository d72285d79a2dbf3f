import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, id, updatedAt } from "./columns";

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
  /** Business profile (Settings → Business profile): what customers see on hosted pages and emails; null falls back to `name`. */
  displayName: text(),
  /** `#rrggbb`, lower-case; hosted pages use a darkened shade when it is too light to read on white (lib/merchants/brand-colour.ts). */
  brandColour: text(),
  supportEmail: text(),
  supportPhone: text(),
  /** SHA-256 of the current logo (merchant_logos), part of its URL so a new logo is never served from a stale cache. */
  logoSha256: text(),
  // ---- Suspension by a platform admin (lib/admin/suspend-merchant.ts, migration 0017): while
  // set, every /v1 request with the merchant's keys answers 403 MERCHANT_SUSPENDED and the
  // dashboard refuses money-moving actions. The reason is the admin's, also in the audit log.
  suspendedAt: timestamp({ withTimezone: true }),
  suspendedReason: text(),
  // ----
  /**
   * When live mode opened (supplement §13): set by an admin's approval of the activation
   * request (or OWO_ACTIVATION=auto, or `owo merchant activate`); operator-made merchants are
   * active at once. Null: live keys and live dashboard actions answer 403 ACCOUNT_NOT_ACTIVATED.
   */
  activatedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Merchant = typeof merchants.$inferSelect;

/** A business's logo: PNG, JPEG or WebP (checked by its bytes), at most 256 KiB; served by app/brand/[merchantId]/[sha]/route.ts. */
export const merchantLogos = pgTable("merchant_logos", {
  merchantId: uuid()
    .primaryKey()
    .references(() => merchants.id),
  contentType: text().notNull(),
  sha256: text().notNull(),
  bytes: bytea().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
