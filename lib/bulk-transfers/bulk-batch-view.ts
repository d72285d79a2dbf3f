import { and, asc, count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { bulkTransferBatches, bulkTransferRows, transfers, users, type BulkTransferBatch, type Mode } from "@/db/schema";
import { isUuid } from "@/lib/text-patterns";

type Scope = { merchantId: string; mode: Mode };

/**
 * A row as the batch page and the result file show it: `waiting` until its transfer is made,
 * then the transfer's own status (processing at the bank, completed, failed, reversed); `failed`
 * with the reason when the transfer path refused it.
 */
export type BulkRowStatus = "waiting" | "processing" | "completed" | "failed" | "reversed";

export type BulkRowView = {
  row: number;
  accountName: string;
  accountNumber: string;
  bankName: string;
  amount: number;
  fees: number;
  narration: string | null;
  fileReference: string | null;
  /** The transfer's merchant reference, derived from batch and row. */
  bulkReference: string;
  /** Owo's reference of the transfer (TRF_…), once made. */
  transferReference: string | null;
  status: BulkRowStatus;
  failureReason: string | null;
};

export type BulkProgress = { sent: number; failed: number; pending: number; completed: number };

export type BulkBatchView = { batch: BulkTransferBatch & { uploadedByEmail: string }; rows: BulkRowView[]; progress: BulkProgress };

function rowStatus(rowStatus: string, transferStatus: string | null): BulkRowStatus {
  if (transferStatus === "pending") return "processing";
  if (transferStatus === "completed" || transferStatus === "failed" || transferStatus === "reversed") return transferStatus;
  return rowStatus === "failed" ? "failed" : "waiting";
}

/** Sent: a transfer was made and has not failed; failed: refused or failed at the bank; pending: not sent yet. */
export function progressOf(rows: BulkRowView[]): BulkProgress {
  const count = (...s: BulkRowStatus[]) => rows.filter((r) => s.includes(r.status)).length;
  return { sent: count("processing", "completed"), failed: count("failed", "reversed"), pending: count("waiting"), completed: count("completed") };
}

/** One batch of this merchant and mode, with every row and its transfer's status now; null when there is none. */
export async function getBulkBatch(db: DbOrTx, scope: Scope & { id: string }): Promise<BulkBatchView | null> {
  if (!isUuid(scope.id)) return null;
  const [found] = await db
    .select({ batch: bulkTransferBatches, email: users.email })
    .from(bulkTransferBatches)
    .innerJoin(users, eq(users.id, bulkTransferBatches.uploadedBy))
    .where(and(eq(bulkTransferBatches.id, scope.id), eq(bulkTransferBatches.merchantId, scope.merchantId), eq(bulkTransferBatches.mode, scope.mode)));
  if (!found) return null;
  const rows = await db
    .select({
      r: bulkTransferRows,
      transferStatus: transfers.status,
      transferReference: transfers.reference,
      transferFailure: transfers.failureReason,
    })
    .from(bulkTransferRows)
    .leftJoin(
      transfers,
      and(
        eq(transfers.merchantId, bulkTransferRows.merchantId),
        eq(transfers.mode, bulkTransferRows.mode),
        eq(transfers.merchantReference, bulkTransferRows.transferReference),
      ),
    )
    .where(and(eq(bulkTransferRows.batchId, scope.id), eq(bulkTransferRows.merchantId, scope.merchantId), eq(bulkTransferRows.mode, scope.mode)))
    .orderBy(asc(bulkTransferRows.rowNumber));
  const views = rows.map(({ r, transferStatus, transferReference, transferFailure }): BulkRowView => ({
    row: r.rowNumber,
    accountName: r.accountName,
    accountNumber: r.accountNumber,
    bankName: r.bankName,
    amount: r.amount,
    fees: r.fees,
    narration: r.narration,
    fileReference: r.fileReference,
    bulkReference: r.transferReference,
    transferReference: transferReference ?? r.paidReference,
    status: rowStatus(r.status, transferStatus),
    failureReason: transferFailure ?? r.failureReason,
  }));
  return { batch: { ...found.batch, uploadedByEmail: found.email }, rows: views, progress: progressOf(views) };
}

/** The merchant's recent batches in this mode, newest first. */
export async function listBulkBatches(db: DbOrTx, scope: Scope, limit = 50): Promise<(BulkTransferBatch & { uploadedByEmail: string })[]> {
  const rows = await db
    .select({ batch: bulkTransferBatches, email: users.email })
    .from(bulkTransferBatches)
    .innerJoin(users, eq(users.id, bulkTransferBatches.uploadedBy))
    .where(and(eq(bulkTransferBatches.merchantId, scope.merchantId), eq(bulkTransferBatches.mode, scope.mode)))
    .orderBy(desc(bulkTransferBatches.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r.batch, uploadedByEmail: r.email }));
}

/** How many of the merchant's batches in this mode wait for approval (the Transfers page says so). */
export async function countBatchesAwaitingApproval(db: DbOrTx, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bulkTransferBatches)
    .where(
      and(eq(bulkTransferBatches.merchantId, scope.merchantId), eq(bulkTransferBatches.mode, scope.mode), eq(bulkTransferBatches.status, "awaiting_approval")),
    );
  return row?.n ?? 0;
}
