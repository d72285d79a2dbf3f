import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { TRANSFER_STATUSES } from "./transfers";

/**
 * The sandbox bank's own books: the transfers it was asked to make, keyed by our reference
 * (so a repeated call is one transfer), and the outcome a test decided for each.
 */
export const sandboxBankTransfers = pgTable("sandbox_bank_transfers", {
  reference: text().primaryKey(),
  amount: bigint({ mode: "number" }).notNull(),
  bankCode: text().notNull(),
  accountNumber: text().notNull(),
  status: text({ enum: TRANSFER_STATUSES }).notNull().default("pending"),
  /** Set by POST /v1/sandbox/transfers/:reference/outcome; applied on the next look. */
  decidedStatus: text({ enum: ["completed", "failed"] }),
  reason: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
