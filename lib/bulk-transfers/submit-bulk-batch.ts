import { uuidv7 } from "uuidv7";
import type { Db } from "@/db/client";
import { bulkTransferBatches, bulkTransferRows, type BulkTransferBatch, type Mode } from "@/db/schema";
import { lockKeyForTransaction } from "@/db/statements/locks";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { appError, walletNotLinked } from "@/lib/errors";
import { formatNaira } from "@/lib/money";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { approvalThreshold } from "@/lib/transfers/transfer-approvals";
import { getBalance } from "@/lib/wallets/wallet-balance";
import { bulkRowReference } from "./bulk-limits";
import { checkBulkFile, findRecentDuplicate, goodTotals } from "./check-bulk-file";

type Scope = { merchantId: string; mode: Mode };

/** The wallet's available balance in this mode (0 without a wallet: nothing can be paid from it). */
export async function availableBalance(db: Db, scope: Scope): Promise<number> {
  const wallet = await getWalletPayId(db, scope);
  return wallet ? (await getBalance(db, { walletPayIdId: wallet.id })).available_balance : 0;
}

/** Refuses a batch the wallet cannot pay whole (amounts and fees), in naira the merchant reads. */
export async function requireBalanceFor(db: Db, scope: Scope, total: number): Promise<void> {
  const wallet = await getWalletPayId(db, scope);
  if (!wallet) throw walletNotLinked();
  const { available_balance } = await getBalance(db, { walletPayIdId: wallet.id });
  if (available_balance < total) {
    throw appError("INSUFFICIENT_FUNDS", {
      message: `This batch needs ${formatNaira(total)} with fees, but the wallet holds ${formatNaira(available_balance)}. Fund the wallet or send fewer rows.`,
    });
  }
}

export const duplicateFile = (d: { createdAt: Date }) =>
  appError("CONFLICT", {
    message: `This file was already uploaded on ${d.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC. Open that batch under Bulk transfers instead of sending it twice.`,
  });

/**
 * A checked file submitted as one batch (issue 25: bulk transfers). The file is checked again
 * here (the browser's check is only a preview): any row still wrong, unless the member removed
 * it, refuses the batch; so does a wallet that cannot pay the total, or the same file within a
 * day (found by its hash, under a lock so two clicks make one batch). Above the business's
 * approval threshold (transfer-approvals.ts, on the batch's total) it waits for another member;
 * otherwise it is queued for the processor. Audited (`bulk_transfer.uploaded`).
 */
export async function submitBulkBatch(
  db: Db,
  input: Scope & { userId: string; actor: Actor; fileName: string; text: string; removedRows?: number[] },
): Promise<BulkTransferBatch> {
  const checked = await checkBulkFile(input.mode, input.text);
  const removed = new Set(input.removedRows ?? []);
  const rows = checked.rows.filter((r) => !removed.has(r.row));
  if (rows.length === 0) throw appError("VALIDATION_ERROR", { message: "No rows are left to send." });
  const bad = rows.filter((r) => r.problem);
  if (bad.length) {
    throw appError("VALIDATION_ERROR", {
      message: `${bad.length === 1 ? "Row" : "Rows"} ${bad
        .slice(0, 5)
        .map((r) => r.row)
        .join(", ")}${bad.length > 5 ? "…" : ""} cannot be sent: fix the file or remove ${bad.length === 1 ? "that row" : "those rows"}.`,
      details: bad.map((r) => `Row ${r.row}: ${r.problem}`),
    });
  }
  const totals = goodTotals(rows);
  await requireBalanceFor(db, input, totals.amount + totals.fees);
  const threshold = await approvalThreshold(db, input);
  const needsApproval = threshold !== null && totals.amount > threshold;
  const fileName = input.fileName.trim().slice(0, 200) || "transfers.csv";

  return db.transaction(async (tx) => {
    // One submission of a file at a time per business and mode: the second waits, then finds the first.
    await lockKeyForTransaction(tx, `bulk:${input.merchantId}:${input.mode}:${checked.fileHash}`);
    const duplicate = await findRecentDuplicate(tx, { ...input, fileHash: checked.fileHash });
    if (duplicate) throw duplicateFile(duplicate);
    const id = uuidv7();
    const [batch] = await tx
      .insert(bulkTransferBatches)
      .values({
        id,
        merchantId: input.merchantId,
        mode: input.mode,
        fileName,
        fileHash: checked.fileHash,
        status: needsApproval ? "awaiting_approval" : "queued",
        rowCount: rows.length,
        totalAmount: totals.amount,
        totalFees: totals.fees,
        uploadedBy: input.userId,
      })
      .returning();
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(bulkTransferRows).values(
        rows.slice(i, i + 500).map((r) => ({
          batchId: id,
          rowNumber: r.row,
          merchantId: input.merchantId,
          mode: input.mode,
          accountNumber: r.accountNumber,
          bankCode: r.bankCode!,
          bankName: r.bankName!,
          accountName: r.accountName!,
          amount: r.amount!,
          fees: r.fees!,
          narration: r.narration,
          fileReference: r.reference,
          transferReference: bulkRowReference(id, r.row),
        })),
      );
    }
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "bulk_transfer.uploaded",
      targetType: "bulk_transfer_batch",
      targetId: id,
      changes: {
        file: { to: fileName },
        rows: { to: rows.length },
        amount: { to: totals.amount },
        fee: { to: totals.fees },
        status: { to: batch!.status },
        ...(removed.size ? { removed_rows: { to: [...removed].sort((a, b) => a - b).join(", ") } } : {}),
      },
    });
    return batch!;
  });
}
