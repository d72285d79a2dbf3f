import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { merchants } from "./merchants";

/**
 * What a business wants emailed (Settings → Notifications). Each kind is on since the time it
 * was turned on (null: off): records from before that are never announced.
 */
export const notificationSettings = pgTable("notification_settings", {
  merchantId: uuid()
    .primaryKey()
    .references(() => merchants.id),
  /** Payments of at least this many kobo are announced to owners and admins. */
  paymentReceivedMin: bigint({ mode: "number" }),
  paymentReceivedSince: timestamp({ withTimezone: true }),
  payoutFailedSince: timestamp({ withTimezone: true }),
  refundDecidedSince: timestamp({ withTimezone: true }),
  webhookFailingSince: timestamp({ withTimezone: true }),
  /** The payer of a completed payment (with an email) gets a receipt. Off by default. */
  receiptsSince: timestamp({ withTimezone: true }),
  updatedAt: updatedAt(),
});
export type NotificationSettings = typeof notificationSettings.$inferSelect;

export const NOTIFICATION_KINDS = ["payment_received", "payout_failed", "refund_decided", "webhook_failing", "receipt", "invoice_sent"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_STATUSES = ["pending", "sent", "failed"] as const;

/**
 * The mail outbox: one row per (thing announced, recipient), unique on both, so nothing is
 * queued twice; sent by the scheduler (lib/notifications/send-due-notifications.ts) under a
 * lease and retried with backoff while the mail server is down.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    /** What is announced, e.g. `payment:<id>`: with the recipient, the row's identity. */
    dedupeKey: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    status: text({ enum: NOTIFICATION_STATUSES }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    /** When the next attempt is due; also the lease while one is in flight. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_idx").on(t.dedupeKey, t.recipient),
    index("notifications_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index().on(t.merchantId, t.createdAt),
  ],
);
export type Notification = typeof notifications.$inferSelect;
