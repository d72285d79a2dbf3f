"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { nairaFieldSchema } from "@/lib/money";
import { decideTestRefund } from "@/lib/refunds/decide-test-refund";
import { refundAmountField } from "@/lib/refunds/refund-field";
import { RejectionReason } from "@/lib/refunds/refund-input";
import { approvalOutcomeMessage } from "@/lib/refunds/refund-view";
import { requestPaymentRefund } from "@/lib/refunds/request-payment-refund";

// Refunds from the dashboard (components/refunds): asked for on a payment's page, and the
// business's own test-mode refunds decided. Static-account refunds: lib/actions/static-accounts.ts.

const RefundInput = z.object({
  reference: z.string().trim().min(1).max(255),
  // Naira as typed (lib/money's parser), at least ₦1.00; absent: the whole payment. What the
  // payment has left to refund is checked by the command, under the payment's lock.
  amount: nairaFieldSchema(refundAmountField(Number.MAX_SAFE_INTEGER)).nullish(),
  reason: z.string().trim().max(500, "Keep the reason under 500 characters").nullish(),
});

/**
 * "Refund" on a payment's page, any channel (supplement §10), whole or in part: the same
 * command as POST /v1/checkout/refunds, with the member's role checked as for static-account refunds.
 */
export const requestPaymentRefundAction = merchantAction("moveMoney", { movesMoney: true })
  .inputSchema(RefundInput)
  .action(async ({ parsedInput, ctx }) => {
    const { refund, created } = await requestPaymentRefund(ctx.db, {
      ...ctx.scope,
      keyPairId: null,
      reference: parsedInput.reference,
      amount: parsedInput.amount ?? null,
      reason: parsedInput.reason ?? null,
      actor: ctx.actor,
    });
    revalidatePath(`/dashboard/payments/${encodeURIComponent(parsedInput.reference)}`);
    revalidatePath("/dashboard/refunds");
    return { id: refund.id, status: refund.status, created };
  });

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
export const approveTestRefundAction = merchantAction("decideTestRefunds", { movesMoney: true })
  .inputSchema(z.object({ refundId: RefundId }))
  .action(async ({ parsedInput, ctx }) => {
    const refund = await decideTestRefund(ctx.db, {
      ...ctx.scope,
      refundId: parsedInput.refundId,
      decision: "approve",
      actor: ctx.actor,
    });
    refreshPages(refund);
    return { status: refund.status, message: approvalOutcomeMessage(refund) };
  });

/** Test mode: the merchant rejects its own refund with a reason; the held money is back in the wallet. */
export const rejectTestRefundAction = merchantAction("decideTestRefunds", { movesMoney: true })
  .inputSchema(z.object({ refundId: RefundId, reason: RejectionReason }))
  .action(async ({ parsedInput, ctx }) => {
    const refund = await decideTestRefund(ctx.db, {
      ...ctx.scope,
      refundId: parsedInput.refundId,
      decision: "reject",
      rejectionReason: parsedInput.reason,
      actor: ctx.actor,
    });
    refreshPages(refund);
    return { status: refund.status };
  });
