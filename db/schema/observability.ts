import { bigint, index, integer, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { MODES } from "./columns";

export const KEY_TYPES = ["secret", "public"] as const;

/**
 * The last requests each API key made to /v1, as the dashboard's "API request logs" shows
 * them: method, path, status, correlation id, duration, caller. Never a body, never a key.
 * Written in batches after the responses (lib/observability/request-log-buffer.ts), so a
 * crash can lose the last half second of rows; pruned to the newest N per key pair by the
 * scheduler. No foreign keys on purpose: a log row must never fail (or slow) its batch, and
 * the rows are ours alone to prune.
 */
export const apiRequestLogs = pgTable(
  "api_request_logs",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: uuid().notNull(),
    mode: text({ enum: MODES }).notNull(),
    keyPairId: uuid().notNull(),
    keyType: text({ enum: KEY_TYPES }).notNull(),
    method: text().notNull(),
    path: text().notNull(),
    status: smallint().notNull(),
    correlationId: text().notNull(),
    durationMs: integer().notNull(),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("api_request_logs_merchant_idx").on(t.merchantId, t.mode, t.createdAt.desc(), t.id.desc()),
    index("api_request_logs_key_idx").on(t.keyPairId, t.createdAt.desc(), t.id.desc()),
    index("api_request_logs_created_idx").on(t.createdAt),
  ],
);

export type ApiRequestLog = typeof apiRequestLogs.$inferSelect;
export type NewApiRequestLog = typeof apiRequestLogs.$inferInsert;
