import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeyPairs } from "./api-keys";
import { createdAt, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { staticAccountPayments, staticAccounts } from "./static-accounts";
import { users } from "./users";

export const REFUND_STATUSES = ["requested", "processing", "completed", "failed", "rejected"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund of a static-account payment, reviewed by an admin. */
export const refunds = pgTable(
  "refunds",
  {
    /** `rfd_…` */
    id: text().primaryKey(),
    paymentId: uuid()
      .notNull()
      .references(() => staticAccountPayments.id),
    staticAccountId: text()
      .notNull()
      .references(() => staticAccounts.id),
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
    // One open refund per payment: a repeated request returns it.
    uniqueIndex("refunds_open_idx").on(t.paymentId).where(sql`${t.status} in ('requested', 'processing')`),
    index().on(t.merchantId, t.mode, t.createdAt),
    index("refunds_status_idx").on(t.status, t.createdAt),
  ],
);
export type Refund = typeof refunds.$inferSelect;
