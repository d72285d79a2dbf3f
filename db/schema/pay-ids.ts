import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, MODES } from "./columns";
import { merchants } from "./merchants";

export const PAY_ID_KINDS = ["wallet", "static", "dynamic"] as const;
export type PayIdKind = (typeof PAY_ID_KINDS)[number];

/**
 * Every PayID a customer can pay: a merchant's wallet handle (no suffix), static PayIDs
 * (`.spid`/`.checkout`) and dynamic PayIDs (`.dypid`). Unique per mode, since a transfer
 * names the recipient by its PayID alone.
 */
export const payIds = pgTable(
  "pay_ids",
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    kind: text({ enum: PAY_ID_KINDS }).notNull(),
    handle: text().notNull(),
    suffix: text().notNull().default(""),
    /** handle + suffix, lower-cased: what payers type. */
    payId: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.mode, t.payId), index().on(t.merchantId, t.mode, t.kind)],
);

export type PayId = typeof payIds.$inferSelect;
