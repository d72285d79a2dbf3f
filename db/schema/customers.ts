import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, MODES } from "./columns";
import { merchants } from "./merchants";

/**
 * The people who paid a merchant, one row per (merchant, mode, customer key), kept from
 * `payments` by a trigger (migration 0024, custom SQL) in the same transaction that books each
 * payment, so the Customers list reads these rows and never aggregates payments. The key is the
 * payment's `customer_key` (a generated column of payments): the customer's email lower-cased,
 * else `acct:<bank>:<number>` of the payer's account, else `name:<payer name lower-cased>`;
 * a payment with none of them belongs to no customer. Counts every payment booked (gross
 * amounts, kobo); a refund does not take its payment out.
 */
export const customers = pgTable(
  "customers",
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    key: text().notNull(),
    /** The latest name the payments gave (the customer's, else the payer's). */
    name: text(),
    email: text(),
    payerBank: text(),
    payerAccount: text(),
    paymentsCount: bigint({ mode: "number" }).notNull(),
    totalAmount: bigint({ mode: "number" }).notNull(),
    firstPaidAt: timestamp({ withTimezone: true }).notNull(),
    lastPaidAt: timestamp({ withTimezone: true }).notNull(),
    lastChannel: text().notNull(),
    /** Every channel they paid by, in the order first used. */
    channels: text().array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customers_merchant_id_mode_key_index").on(t.merchantId, t.mode, t.key),
    index("customers_merchant_id_mode_last_paid_at_id_index").on(t.merchantId, t.mode, t.lastPaidAt, t.id),
    // customers_search_idx (pg_trgm over name, email, payer account): custom SQL in 0024.
  ],
);
export type Customer = typeof customers.$inferSelect;
