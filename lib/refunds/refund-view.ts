import { formatNaira } from "@/lib/money";
import type { Refund } from "@/db/schema";
import { toRefundView, type RefundView } from "@/lib/static-accounts/refund-view";

/** Supplement §10's Refund: the api.md object, with `payment_id` the payment's transaction reference on every channel. */
export function toPaymentRefundView(r: Refund): RefundView {
  return { ...toRefundView(r), payment_id: r.paymentReference };
}

/** What an approval did, as the person who approved reads it (the admin's and the merchant's test-mode dialogs). */
export function approvalOutcomeMessage(refund: { status: string; amount: number; failureReason: string | null }): string {
  return refund.status === "completed"
    ? `${formatNaira(refund.amount)} returned to the payer`
    : refund.status === "failed"
      ? `The bank could not return the money: ${refund.failureReason ?? "failed"}`
      : "Approved; the bank has not confirmed yet";
}
