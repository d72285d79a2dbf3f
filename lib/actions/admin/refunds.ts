"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/actions/safe-action";
import { decideRefund } from "@/lib/admin/refund-reviews";
import { processRefund } from "@/lib/refunds/approve-refund";
import { RejectionReason } from "@/lib/refunds/refund-input";
import { approvalOutcomeMessage } from "@/lib/refunds/refund-view";

/*
 * /admin/refunds (components/admin): admins only, checked fresh on the server (adminAction),
 * audited by the commands they call. Refund decisions are guarded updates: an admin clicking
 * twice, or two admins at once, decide a refund once; the loser gets "This refund is … and can
 * no longer be …".
 */

const RefundId = z.string().trim().min(1).max(64);

export const approveRefundAction = adminAction.inputSchema(z.object({ refundId: RefundId })).action(async ({ parsedInput, ctx }) => {
  const refund = await decideRefund(ctx.db, { refundId: parsedInput.refundId, decision: "approve", actor: ctx.actor });
  revalidatePath("/admin/refunds");
  revalidatePath(`/admin/refunds/${refund.id}`);
  return { status: refund.status, message: approvalOutcomeMessage(refund) };
});

export const rejectRefundAction = adminAction.inputSchema(z.object({ refundId: RefundId, reason: RejectionReason })).action(async ({ parsedInput, ctx }) => {
  const refund = await decideRefund(ctx.db, { refundId: parsedInput.refundId, decision: "reject", reason: parsedInput.reason, actor: ctx.actor });
  revalidatePath("/admin/refunds");
  revalidatePath(`/admin/refunds/${refund.id}`);
  return { status: refund.status };
});

export const retryRefundAction = adminAction.inputSchema(z.object({ refundId: RefundId })).action(async ({ parsedInput, ctx }) => {
  const refund = await processRefund(ctx.db, { refundId: parsedInput.refundId });
  revalidatePath(`/admin/refunds/${refund.id}`);
  return { status: refund.status };
});
