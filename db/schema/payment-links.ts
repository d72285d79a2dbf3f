import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { createdAt, id, MODES, SOURCES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";

/** What a payment link may ask the customer for, besides name and email (which every checkout takes). */
export const LINK_COLLECT_FIELDS = ["phone", "address"] as const;
export type LinkCollectField = (typeof LINK_COLLECT_FIELDS)[number];

/**
 * A payment link (issue 26 item 2): a page at `/l/<slug>` a merchant shares, for a fixed amount
 * (`amount`) or an amount the customer chooses within `min_amount`..`max_amount` (kobo; no
 * maximum when null). Each payment goes through a checkout session that names the link
 * (`checkout_sessions.payment_link_id`).
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: id(),
    /** The short address: `/l/<slug>`; unique across modes (the page says which). */
    slug: text().notNull().unique(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    /** The key pair that created it (its webhook hears the payments); null when made in the dashboard. */
    keyPairId: uuid().references(() => apiKeyPairs.id),
    /** The wallet PayID payments settle to (the key's settlement PayID, else the wallet PayID). */
    settlementPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    title: text().notNull(),
    description: text(),
    /** Fixed amount per unit in kobo; null: the customer chooses. */
    amount: bigint({ mode: "number" }),
    minAmount: bigint({ mode: "number" }),
    maxAmount: bigint({ mode: "number" }),
    collectFields: text({ enum: LINK_COLLECT_FIELDS }).array().notNull().default([]),
    /** The customer may pay for several (amount × quantity). */
    allowQuantity: boolean().notNull().default(false),
    redirectUrl: text(),
    isActive: boolean().notNull().default(true),
    metadata: jsonb().$type<Record<string, unknown>>(),
    source: text({ enum: SOURCES }).notNull().default("api"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payment_links_list_idx").on(t.merchantId, t.mode, t.createdAt, t.id),
    check(
      "payment_links_amount_check",
      sql`(${t.amount} is not null and ${t.amount} > 0 and ${t.minAmount} is null and ${t.maxAmount} is null)
        or (${t.amount} is null and ${t.minAmount} is not null and ${t.minAmount} > 0 and (${t.maxAmount} is null or ${t.maxAmount} >= ${t.minAmount}))`,
    ),
  ],
);
export type PaymentLink = typeof paymentLinks.$inferSelect;
