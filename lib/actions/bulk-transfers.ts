"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { requireStepUp } from "@/lib/auth/two-factor/step-up";
import { BULK_LIMITS } from "@/lib/bulk-transfers/bulk-limits";
import { decideBulkBatch } from "@/lib/bulk-transfers/decide-bulk-batch";
import { reviewBulkFile } from "@/lib/bulk-transfers/review-bulk-file";
import { submitBulkBatch } from "@/lib/bulk-transfers/submit-bulk-batch";

const fileInput = {
  fileName: z.string().trim().max(200),
  // Twice the byte cap in characters: a file over the cap reaches parseBulkFile, which says so in words.
  text: z.string().max(BULK_LIMITS.maxBytes * 2, `The file is larger than ${BULK_LIMITS.maxBytes / 1024} KB. Split it into smaller files.`),
};

/** Bulk transfers, step 1: the file checked row by row and each recipient found by name enquiry. Nothing is stored. */
export const checkBulkFileAction = merchantAction("moveMoney")
  .inputSchema(z.object(fileInput))
  .action(async ({ parsedInput, ctx }) => {
    return reviewBulkFile(ctx.db, ctx.scope, parsedInput.text);
  });

/**
 * Bulk transfers, step 2: the reviewed file submitted as one batch (checked again on the
 * server), the second factor asked when the member has one. Above the approval threshold it
 * waits for another member; otherwise the scheduler's `bulk_transfers` job sends its rows
 * on its next pass (every few seconds).
 */
export const submitBulkBatchAction = merchantAction("moveMoney", { movesMoney: true })
  .inputSchema(z.object({ ...fileInput, removedRows: z.array(z.number().int().min(1)).max(BULK_LIMITS.maxRows), twoFactorCode: z.string().max(64).optional() }))
  .action(async ({ parsedInput, ctx }) => {
    await requireStepUp(ctx.db, ctx.user.id, parsedInput.twoFactorCode);
    const batch = await submitBulkBatch(ctx.db, {
      ...ctx.scope,
      userId: ctx.user.id,
      actor: ctx.actor,
      fileName: parsedInput.fileName,
      text: parsedInput.text,
      removedRows: parsedInput.removedRows,
    });
    revalidatePath("/dashboard/transfers", "layout");
    return { id: batch.id, status: batch.status };
  });

/** Another member allowed to approve transfers (owners) approves a waiting batch (it is sent) or rejects it; never the uploader. */
export const decideBulkBatchAction = merchantAction("approveTransfers", { movesMoney: true })
  .inputSchema(
    z.object({ id: z.string().uuid("No such bulk transfer."), decision: z.enum(["approve", "reject"]), twoFactorCode: z.string().max(64).optional() }),
  )
  .action(async ({ parsedInput, ctx }) => {
    if (parsedInput.decision === "approve") await requireStepUp(ctx.db, ctx.user.id, parsedInput.twoFactorCode);
    const batch = await decideBulkBatch(ctx.db, {
      ...ctx.scope,
      id: parsedInput.id,
      decision: parsedInput.decision,
      userId: ctx.user.id,
      actor: ctx.actor,
    });
    revalidatePath(`/dashboard/transfers/bulk/${batch.id}`);
    return { status: batch.status };
  });
