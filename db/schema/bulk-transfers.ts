import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { users } from "./users";

/*
 * Bulk transfers from a CSV (issue 25 item 3: salaries, suppliers). A batch is one uploaded
 * file, checked row by row and confirmed as a whole; each row becomes one bank transfer through
 * the transfer path, under a reference derived from the batch and the row, so a row is paid once
 * whatever is retried.
 */
export const BULK_BATCH_STATUSES = ["awaiting_approval", "queued", "processing", "completed", "rejected"] as const;
export type BulkBatchStatus = (typeof BULK_BATCH_STATUSES)[number];

export const bulkTransferBatches = pgTable(
  "bulk_transfer_batches",
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    fileName: text().notNull(),
    /** SHA-256 of the file's text: the same file again within a day is refused. */
    fileHash: text().notNull(),
    status: text({ enum: BULK_BATCH_STATUSES }).notNull(),
    rowCount: integer().notNull(),
    /** Kobo: the rows' amounts, and their fees (fee + VAT + stamp duty). */
    totalAmount: bigint({ mode: "number" }).notNull(),
    totalFees: bigint({ mode: "number" }).notNull(),
    uploadedBy: uuid()
      .notNull()
      .references(() => users.id),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    reason: text(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bulk_transfer_batches_list_idx").on(t.merchantId, t.mode, t.createdAt),
    index("bulk_transfer_batches_hash_idx").on(t.merchantId, t.mode, t.fileHash, t.createdAt),
    index("bulk_transfer_batches_due_idx")
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'processing')`),
    check("bulk_transfer_batches_status_check", sql`${t.status} in ('awaiting_approval', 'queued', 'processing', 'completed', 'rejected')`),
  ],
);
export type BulkTransferBatch = typeof bulkTransferBatches.$inferSelect;

export const BULK_ROW_STATUSES = ["pending", "sent", "failed"] as const;
export type BulkRowStatus = (typeof BULK_ROW_STATUSES)[number];

/** One row of a batch: the recipient as name enquiry resolved it, and what became of it. */
export const bulkTransferRows = pgTable(
  "bulk_transfer_rows",
  {
    batchId: uuid()
      .notNull()
      .references(() => bulkTransferBatches.id),
    /** The row's number in the file (1 = the first row after the header). */
    rowNumber: integer().notNull(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    accountNumber: text().notNull(),
    bankCode: text().notNull(),
    bankName: text().notNull(),
    accountName: text().notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    fees: bigint({ mode: "number" }).notNull(),
    narration: text(),
    /** The merchant's own reference from the file, if any. */
    fileReference: text(),
    /** The transfer's merchant reference, derived from batch and row (bulkRowReference): its idempotency key. */
    transferReference: text().notNull(),
    /** pending: not sent yet; sent: a transfer exists (its status is the transfer's); failed: refused when sent. */
    status: text({ enum: BULK_ROW_STATUSES }).notNull().default("pending"),
    /** Owo's reference of the transfer made (TRF_…). */
    paidReference: text(),
    failureReason: text(),
    /** A processor working on the row holds it until then (another takes it after). */
    leaseUntil: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.rowNumber] }),
    index("bulk_transfer_rows_pending_idx")
      .on(t.batchId, t.rowNumber)
      .where(sql`${t.status} = 'pending'`),
    check("bulk_transfer_rows_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    check("bulk_transfer_rows_amount_check", sql`${t.amount} > 0`),
  ],
);
export type BulkTransferRow = typeof bulkTransferRows.$inferSelect;
