"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { moneyAction } from "@/lib/actions/safe-action";
import { requireAllowed, rolePolicy } from "@/lib/auth/role-policy";
import { decideTestRefund } from "@/lib/refunds/decide-test-refund";
import { RejectionReason } from "@/lib/refunds/refund-input";
import { approvalOutcomeMessage } from "@/lib/refunds/refund-view";

const RefundId = z.string().trim().min(1).max(64);

function refreshPages(refund: { id: string; paymentReference: string }) {
  revalidatePath(`/dashboard/refunds/${refund.id}`);
  revalidatePath("/dashboard/refunds");
  revalidatePath(`/dashboard/payments/${encodeURIComponent(refund.paymentReference)}`);
}

/**
 * Test mode (supplement §10): the merchant approves its own refund, as POST
 * /v1/sandbox/refunds/:id/approve does; a member who may move money in test mode. Live refunds
 * are refused (Owo reviews them).
 */
export const approveTestRefundAction = moneyAction.inputSchema(z.object({ refundId: RefundId })).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.decideTestRefunds(ctx.role, ctx.mode));
  const refund = await decideTestRefund(ctx.db, {
    merchantId: ctx.merchant.id,
    mode: ctx.mode,
    refundId: parsedInput.refundId,
    decision: "approve",
    actor: ctx.actor,
  });
  refreshPages(refund);
  return { status: refund.status, message: approvalOutcomeMessage(refund) };
});

/** Test mode: the merchant rejects its own refund with a reason; the held money is back in the wallet. */
export const rejectTestRefundAction = moneyAction
  .inputSchema(z.object({ refundId: RefundId, reason: RejectionReason }))
  .action(async ({ parsedInput, ctx }) => {
    requireAllowed(rolePolicy.decideTestRefunds(ctx.role, ctx.mode));
    const refund = await decideTestRefund(ctx.db, {
      merchantId: ctx.merchant.id,
      mode: ctx.mode,
      refundId: parsedInput.refundId,
      decision: "reject",
      rejectionReason: parsedInput.reason,
      actor: ctx.actor,
    });
    refreshPages(refund);
    return { status: refund.status };
  });
