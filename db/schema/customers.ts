import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, MODES } from "./columns";
import { merchants } from "./merchants";

/**
 * The people who paid a merchant, one row per (merchant, mode, customer key), folded from
 * `payments` through `customerPaymentsPending` (migration 0033): booking a payment only appends
 * its queue row, and the Customers area folds what is pending for the merchant and mode before
 * it reads (`foldPendingCustomers`, db/statements/customers.ts), so it reads these rows exact and
 * never aggregates payments. The key is the
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

/**
 * Payments booked but not yet folded into `customers` (migration 0033): one row per payment
 * with a customer key, appended by the trigger `payments_customers` at the booking's commit (a
 * plain insert: no lock on any shared row, no unique check), deleted by the fold that adds it to
 * its customer (`foldPendingCustomers`, db/statements/customers.ts: on every read of the
 * Customers area, and for every merchant by the scheduler's `fold_customers`). The values are the
 * payment's, trimmed as the customer row keeps them; `id` orders payments booked at the same
 * `paid_at`. The primary key is also the fold's way in (merchant, mode); no other index, no
 * foreign key (a key check would lock the merchant's row).
 */
export const customerPaymentsPending = pgTable(
  "customer_payments_pending",
  {
    id: bigserial({ mode: "number" }).notNull(),
    paymentId: uuid().notNull(),
    merchantId: uuid().notNull(),
    mode: text({ enum: MODES }).notNull(),
    customerKey: text().notNull(),
    /** The customer's name, else the payer's. */
    name: text(),
    email: text(),
    payerBank: text(),
    payerAccount: text(),
    amount: bigint({ mode: "number" }).notNull(),
    paidAt: timestamp({ withTimezone: true }).notNull(),
    channel: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.mode, t.id] })],
);
