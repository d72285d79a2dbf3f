import { boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { createdAt, id, MODES, SOURCES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";

/**
 * A static PayID (`.spid` / `.checkout`): permanent, reusable, business accounts only. The
 * payable handle lives in `pay_ids` (kind `static`); this row holds what the merchant sees.
 */
export const staticPayIds = pgTable(
  "static_pay_ids",
  {
    id: id(),
    payIdId: uuid()
      .notNull()
      .unique()
      .references(() => payIds.id),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    keyPairId: uuid().references(() => apiKeyPairs.id),
    /** The wallet PayID payments settle to (the key's settlement PayID at creation). */
    settlementPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    name: text().notNull(),
    description: text(),
    source: text({ enum: SOURCES }).notNull().default("api"),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.merchantId, t.mode, t.createdAt)],
);
export type StaticPayId = typeof staticPayIds.$inferSelect;
