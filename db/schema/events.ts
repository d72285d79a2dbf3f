import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, MODES } from "./columns";
import { apiKeyPairs } from "./api-keys";
import { merchants } from "./merchants";

export const DELIVERY_STATUSES = ["pending", "delivered", "exhausted", "no_endpoint"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The outbox: an event is written in the same transaction as the change it reports, and
 * delivered to its key pair's webhook URL after commit (then retried by the scheduler).
 */
export const events = pgTable(
  "events",
  {
    /** `evt_…`; also the `webhook-id` of every delivery attempt. */
    id: text().primaryKey(),
    /** Commit order per key: first attempts go out in this order. */
    seq: bigserial({ mode: "number" }).notNull().unique(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    keyPairId: uuid()
      .notNull()
      .references(() => apiKeyPairs.id),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    deliveryStatus: text({ enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastStatusCode: integer(),
    /** When the next automatic attempt is due; also a lease while an attempt is in flight. */
    nextAttemptAt: timestamp({ withTimezone: true }).defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.keyPairId, t.seq),
    index().on(t.merchantId, t.mode, t.seq),
    index("events_due_idx").on(t.deliveryStatus, t.nextAttemptAt),
    // The claim's order rule: a key's earliest event still awaiting its first attempt, found
    // without reading the key's delivered history (lib/events/claim-due-events.ts).
    index("events_awaiting_first_attempt_idx")
      .on(t.keyPairId, t.seq)
      .where(sql`${t.deliveryStatus} = 'pending' and ${t.attempts} = 0`),
  ],
);

export const ATTEMPT_TRIGGERS = ["automatic", "manual"] as const;

/** Every delivery attempt, as the merchant sees it in the webhook log. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    eventId: text()
      .notNull()
      .references(() => events.id),
    attemptNumber: integer().notNull(),
    trigger: text({ enum: ATTEMPT_TRIGGERS }).notNull(),
    url: text().notNull(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    /** The first KiB of the response body. */
    responseSnippet: text(),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.eventId, t.id)],
);

export type OwoEvent = typeof events.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
