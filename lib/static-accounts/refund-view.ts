import { z } from "zod";
import { REFUND_STATUSES, type Refund } from "@/db/schema";
import { naira, nullableTimestamp, pageOf, responseSchema, timestamp } from "@/lib/response-schema";
import { koboToNaira } from "@/lib/money";

/** api.md "Refund (static account)": exactly these fields, amount in naira. */
export const RefundSchema = responseSchema(
  "Refund",
  z.object({
    id: z.string(),
    amount: naira(),
    currency: z.string(),
    status: z.enum(REFUND_STATUSES),
    reason: z.string().nullable(),
    rejection_reason: z.string().nullable(),
    failure_reason: z.string().nullable(),
    payment_id: z.string(),
    requested_at: timestamp(),
    completed_at: nullableTimestamp(),
  }),
);
export type RefundView = z.output<typeof RefundSchema>;
export const RefundPageSchema = responseSchema("RefundPage", pageOf(RefundSchema));

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
