import type { Refund } from "@/db/schema";
import { toRefundView, type RefundView } from "@/lib/static-accounts/refund-view";

/** Supplement §10's Refund: the api.md object, with `payment_id` the payment's transaction reference on every channel. */
export function toPaymentRefundView(r: Refund): RefundView {
  return { ...toRefundView(r), payment_id: r.paymentReference };
}
