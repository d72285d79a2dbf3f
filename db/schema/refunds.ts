import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { createdAt, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { staticAccountPayments, staticAccounts } from "./static-accounts";
import { users } from "./users";

export const REFUND_STATUSES = ["requested", "processing", "completed", "failed", "rejected"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A refund of a payment, reviewed by an admin (a test-mode one may be decided by the merchant).
 * A static-account payment's refund names its static_account_payments row and account (its
 * money waits in pending settlement) and is always of the whole payment; any other channel's
 * (supplement §10) names only the payment's reference, its money is held from the wallet the
 * payment credited, and it may be partial: `amount` is what goes back to the payer, and the
 * refunds of one payment not rejected or failed never sum past its amount (checked with the
 * payment row locked, lib/refunds/request-payment-refund.ts).
 */
export const refunds = pgTable(
  "refunds",
  {
    /** `rfd_…` */
    id: text().primaryKey(),
    /** The static_account_payments row (static-account refunds only). */
    paymentId: uuid().references(() => staticAccountPayments.id),
    staticAccountId: text().references(() => staticAccounts.id),
    /** The payment's transaction reference (`payments.reference`), on every channel. */
    paymentReference: text().notNull(),
    /** The payment's channel (`static_account`, `bank_transfer`, `payid`, `card`, `crypto`). */
    channel: text().notNull().default("static_account"),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    keyPairId: uuid().references(() => apiKeyPairs.id),
    amount: bigint({ mode: "number" }).notNull(),
    currency: text().notNull().default("NGN"),
    status: text({ enum: REFUND_STATUSES }).notNull().default("requested"),
    reason: text(),
    rejectionReason: text(),
    failureReason: text(),
    reviewedByUserId: uuid().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true }),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A static-account payment is refunded whole: one open refund per payment (a repeated request returns it).
    uniqueIndex("refunds_open_idx")
      .on(t.paymentId)
      .where(sql`${t.status} in ('requested', 'processing')`),
    // Any other payment may have several open (partial) refunds, but never two of one amount: a
    // request repeating an open refund's amount returns it (supplement §10). The sum rule itself
    // is kept under the payment's row lock; this index stands behind the repeat rule.
    uniqueIndex("refunds_open_amount_idx")
      .on(t.paymentReference, t.amount)
      .where(sql`${t.status} in ('requested', 'processing')`),
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    index("refunds_payment_reference_index").on(t.paymentReference),
    check(
      "refunds_static_or_wallet",
      sql`(${t.paymentId} is null) = (${t.staticAccountId} is null) and ((${t.channel} = 'static_account') = (${t.paymentId} is not null))`,
    ),
    index().on(t.merchantId, t.mode, t.createdAt),
    index("refunds_status_idx").on(t.status, t.createdAt),
  ],
);
export type Refund = typeof refunds.$inferSelect;
