import { z } from "zod";
import { REFUND_STATUSES } from "@/db/schema";
import { PagingQuery } from "@/lib/static-accounts/static-account-input";

/** POST …/payments/{payment_id}/refund: reason optional, at most 500 characters (api.md Limits). */
export const RequestRefundBody = z.object({
  reason: z.string({ error: "reason must be a string" }).trim().max(500, "reason must be at most 500 characters").nullish(),
});

export const ListRefundsQuery = PagingQuery.extend({
  status: z.enum(REFUND_STATUSES, { error: `status must be one of ${REFUND_STATUSES.join(", ")}` }).optional(),
});
export type ListRefundsQuery = z.output<typeof ListRefundsQuery>;

/** An admin's rejection: a reason is required (it is what the merchant reads). */
export const RejectionReason = z.string({ error: "reason is required" }).trim().min(1, "reason is required").max(500, "reason must be at most 500 characters");

/** POST /v1/checkout/refunds (supplement §10): the payment's transaction reference and an optional reason. */
export const RequestPaymentRefundBody = z.object({
  reference: z.string({ error: "reference is required" }).trim().min(1, "reference is required").max(255, "reference must be at most 255 characters"),
  reason: z.string({ error: "reason must be a string" }).trim().max(500, "reason must be at most 500 characters").nullish(),
});
