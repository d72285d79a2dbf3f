import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { bulkTransferBatches, type BulkTransferBatch, type Mode } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { appError, invalidState, notFound } from "@/lib/errors";
import { isUuid } from "@/lib/text-patterns";
import { requireBalanceFor } from "./submit-bulk-batch";

/**
 * A batch above the approval threshold, decided by another member allowed to approve (the
 * same rule as a single transfer's approval, transfer-approvals.ts): the uploader is refused;
 * approving queues it for the processor (the wallet must still hold its total), rejecting sends
 * nothing. Decided once, under the batch's row lock. Audited.
 */
export async function decideBulkBatch(
  db: Db,
  input: { merchantId: string; mode: Mode; id: string; decision: "approve" | "reject"; userId: string; actor: Actor; reason?: string | null },
): Promise<BulkTransferBatch> {
  if (!isUuid(input.id)) throw notFound("No such bulk transfer.");
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(bulkTransferBatches)
      .where(and(eq(bulkTransferBatches.id, input.id), eq(bulkTransferBatches.merchantId, input.merchantId), eq(bulkTransferBatches.mode, input.mode)))
      .for("update");
    if (!batch) throw notFound("No such bulk transfer.");
    if (batch.status !== "awaiting_approval") throw invalidState(`This batch was already ${batch.status === "rejected" ? "rejected" : "approved"}.`);
    if (batch.uploadedBy === input.userId) throw appError("FORBIDDEN", { message: "You uploaded this batch, so another member must approve it." });
    if (input.decision === "approve") await requireBalanceFor(db, input, batch.totalAmount + batch.totalFees);
    const status = input.decision === "approve" ? "queued" : "rejected";
    const [updated] = await tx
      .update(bulkTransferBatches)
      .set({ status, decidedBy: input.userId, decidedAt: new Date(), reason: input.reason?.trim() || null })
      .where(eq(bulkTransferBatches.id, batch.id))
      .returning();
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: input.decision === "approve" ? "bulk_transfer.approved" : "bulk_transfer.rejected",
      targetType: "bulk_transfer_batch",
      targetId: batch.id,
      changes: { status: { from: "awaiting_approval", to: status }, rows: { to: batch.rowCount }, amount: { to: batch.totalAmount } },
    });
    return updated!;
  });
}
