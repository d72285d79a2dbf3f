import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { claimBulkRows, completeBulkBatch } from "@/db/statements/bulk-transfers";
import { bulkTransferBatches, bulkTransferRows, merchants, type BulkTransferBatch, type BulkTransferRow, type Mode } from "@/db/schema";
import { recordAudit, SYSTEM_ACTOR } from "@/lib/audit/record-audit";
import { isAppError } from "@/lib/errors";
import { logError } from "@/lib/log";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { initiateTransfer } from "@/lib/transfers/initiate-transfer";

/*
 * Sending a batch (issue 25: bulk transfers): each pending row becomes one bank transfer through
 * initiateTransfer, under the row's derived reference (bulk-<batch>-<row>, stored with the row).
 * The transfer path is idempotent by reference, so a row is paid once whatever happens: two
 * processors at once (the scheduler and the submission's own run, or two instances), a crash
 * after the transfer committed but before the row was marked (the next pass gets the same
 * transfer back), a retried job. Rows are claimed under a short lease with SKIP LOCKED, so
 * processors share the work rather than repeat it. A row the transfer path refuses (balance,
 * daily limit) is failed with the reason; a failure that may pass (the bank or rail
 * unreachable, 5xx) leaves it for the next pass.
 */

const CLAIM = 20;
const LEASE = "2 minutes";

type RowClaim = Pick<BulkTransferRow, "rowNumber" | "accountNumber" | "bankCode" | "accountName" | "amount" | "narration" | "transferReference">;

async function claimRows(db: Db, batchId: string, limit: number): Promise<RowClaim[]> {
  const rows = await claimBulkRows(db, { batchId, limit, lease: LEASE });
  return rows
    .map((r) => ({
      rowNumber: r.row_number,
      accountNumber: r.account_number,
      bankCode: r.bank_code,
      accountName: r.account_name,
      amount: Number(r.amount),
      narration: r.narration,
      transferReference: r.transfer_reference,
    }))
    .sort((a, b) => a.rowNumber - b.rowNumber);
}

type Sender = { batch: BulkTransferBatch; merchantName: string; walletPayIdId: string };

async function sendRow(db: Db, s: Sender, row: RowClaim): Promise<void> {
  const where = and(eq(bulkTransferRows.batchId, s.batch.id), eq(bulkTransferRows.rowNumber, row.rowNumber), eq(bulkTransferRows.status, "pending"));
  try {
    const transfer = await initiateTransfer(db, {
      merchantId: s.batch.merchantId,
      merchantName: s.merchantName,
      mode: s.batch.mode as Mode,
      walletPayIdId: s.walletPayIdId,
      keyPairId: null,
      // Audited as `transfer.sent` by the member who uploaded the batch.
      source: "dashboard",
      actor: { type: "user", userId: s.batch.uploadedBy },
      body: {
        type: "bank_transfer",
        account_number: row.accountNumber,
        bank_code: row.bankCode,
        account_name: row.accountName,
        amount: row.amount,
        ...(row.narration ? { narration: row.narration } : {}),
        reference: row.transferReference,
        metadata: { bulk_batch_id: s.batch.id, bulk_row: row.rowNumber },
      },
    });
    await db.update(bulkTransferRows).set({ status: "sent", paidReference: transfer.reference, leaseUntil: null }).where(where);
  } catch (err) {
    if (isAppError(err) && err.status < 500) {
      await db
        .update(bulkTransferRows)
        .set({ status: "failed", failureReason: err.details?.[0] ?? err.message, leaseUntil: null })
        .where(where);
      return;
    }
    // Unknown or passing (bank, rail, database): the lease runs out and a later pass tries the same reference.
    logError("bulk transfer row not sent", { batch: s.batch.id, row: row.rowNumber, error: err });
  }
}

/** Marks the batch completed once no row is pending, once (`bulk_transfer.sent` in the audit log). */
async function completeIfDone(db: Db, batch: BulkTransferBatch): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await completeBulkBatch(tx, batch.id);
    if (!done) return false;
    await recordAudit(tx, {
      merchantId: batch.merchantId,
      actor: SYSTEM_ACTOR,
      action: "bulk_transfer.sent",
      targetType: "bulk_transfer_batch",
      targetId: batch.id,
      changes: { status: { from: "processing", to: "completed" }, sent: { to: done.sent }, failed: { to: done.failed } },
    });
    return true;
  });
}

/**
 * One batch, queued or already processing: its pending rows sent (at most `maxRows` in this
 * call), then completed when none is left. Returns the rows this call worked on.
 */
export async function processBulkBatch(db: Db, batchId: string, opts: { maxRows?: number } = {}): Promise<number> {
  const [batch] = await db
    .update(bulkTransferBatches)
    .set({ status: "processing" })
    .where(and(eq(bulkTransferBatches.id, batchId), inArray(bulkTransferBatches.status, ["queued", "processing"])))
    .returning();
  if (!batch) return 0;
  const scope = { merchantId: batch.merchantId, mode: batch.mode as Mode };
  const [merchant] = await db.select({ name: merchants.name, suspendedAt: merchants.suspendedAt }).from(merchants).where(eq(merchants.id, scope.merchantId));
  const wallet = await getWalletPayId(db, scope);
  // A business suspended by Owo sends nothing (as its keys and dashboard cannot): its rows wait.
  if (!merchant || !wallet || merchant.suspendedAt) {
    if (!merchant?.suspendedAt) logError("bulk batch has no merchant or wallet", { batch: batch.id });
    return 0;
  }
  const sender: Sender = { batch, merchantName: merchant.name, walletPayIdId: wallet.id };
  const max = opts.maxRows ?? Number.POSITIVE_INFINITY;
  let worked = 0;
  while (worked < max) {
    const rows = await claimRows(db, batch.id, Math.min(CLAIM, max - worked));
    if (rows.length === 0) break;
    for (const row of rows) await sendRow(db, sender, row);
    worked += rows.length;
  }
  await completeIfDone(db, batch);
  return worked;
}

/**
 * The scheduler's job: batches queued or processing, oldest first, at most `maxRows` rows per
 * pass (the other jobs wait for it); each batch picks up where any earlier pass stopped.
 */
export async function processBulkBatches(db: Db, opts: { maxRows?: number } = {}): Promise<number> {
  const due = await db
    .select({ id: bulkTransferBatches.id })
    .from(bulkTransferBatches)
    .where(inArray(bulkTransferBatches.status, ["queued", "processing"]))
    .orderBy(asc(bulkTransferBatches.createdAt))
    .limit(10);
  let left = opts.maxRows ?? 200;
  let worked = 0;
  for (const { id } of due) {
    if (left <= 0) break;
    const n = await processBulkBatch(db, id, { maxRows: left });
    worked += n;
    left -= n;
  }
  return worked;
}
