import type { Refund } from "@/db/schema";
import { koboToNaira } from "@/lib/money";

/** api.md "Refund (static account)": exactly these fields, amount in naira. */
export type RefundView = {
  id: string;
  amount: string;
  currency: string;
  status: Refund["status"];
  reason: string | null;
  rejection_reason: string | null;
  failure_reason: string | null;
  payment_id: string;
  requested_at: string;
  completed_at: string | null;
};

export function toRefundView(r: Refund): RefundView {
  return {
    id: r.id,
    amount: koboToNaira(r.amount),
    currency: r.currency,
    status: r.status,
    reason: r.reason,
    rejection_reason: r.rejectionReason,
    failure_reason: r.failureReason,
    // A static-account refund always names its payment row (the routes list only those).
    payment_id: r.paymentId ?? r.paymentReference,
    requested_at: r.requestedAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
  };
}
