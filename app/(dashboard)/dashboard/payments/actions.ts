"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { moneyAction } from "@/lib/actions/safe-action";
import { requireAllowed, rolePolicy } from "@/lib/auth/role-policy";
import { nairaFieldSchema } from "@/lib/money";
import { refundAmountField } from "@/lib/refunds/refund-field";
import { requestPaymentRefund } from "@/lib/refunds/request-payment-refund";

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
export const requestPaymentRefundAction = moneyAction.inputSchema(RefundInput).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.moveMoney(ctx.role, ctx.mode));
  const { refund, created } = await requestPaymentRefund(ctx.db, {
    merchantId: ctx.merchant.id,
    mode: ctx.mode,
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
