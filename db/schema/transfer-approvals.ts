import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { users } from "./users";

/**
 * Approval rules for money out of the dashboard (issue 25: safe payouts): per merchant and
 * mode, a transfer above `threshold` kobo waits for a second member with the right role.
 */
export const approvalRules = pgTable(
  "approval_rules",
  {
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    /** Kobo; transfers of more than this need a second member's approval. Null: no rule. */
    threshold: bigint({ mode: "number" }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.mode] })],
);

export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * A dashboard transfer waiting for approval: the body as the requester confirmed it (its
 * reference included, so an approval sends it once), who asked, who decided.
 */
export const transferApprovals = pgTable(
  "transfer_approvals",
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    body: jsonb().$type<Record<string, unknown>>().notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    recipientName: text().notNull(),
    status: text({ enum: APPROVAL_STATUSES }).notNull().default("pending"),
    requestedBy: uuid()
      .notNull()
      .references(() => users.id),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    reason: text(),
    /** The transfer made on approval. */
    transferReference: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("transfer_approvals_pending_idx")
      .on(t.merchantId, t.mode, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
export type TransferApproval = typeof transferApprovals.$inferSelect;
