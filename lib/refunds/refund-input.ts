import { z } from "zod";
import { REFUND_STATUSES } from "@/db/schema";
import { koboSchema } from "@/lib/money";
import { MIN_REFUND_KOBO } from "./refund-field";
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

/** POST /v1/sandbox/refunds/:id/reject (supplement §10, test mode): the merchant's reason, as an admin's. */
export const SandboxRejectRefundBody = z.object({
  rejection_reason: z
    .string({ error: (i) => (i.input === undefined ? "rejection_reason is required" : "rejection_reason must be a string") })
    .trim()
    .min(1, "rejection_reason is required")
    .max(500, "rejection_reason must be at most 500 characters"),
});

export { MIN_REFUND_KOBO } from "./refund-field";

/**
 * POST /v1/checkout/refunds (supplement §10): the payment's transaction reference, an optional
 * `amount` in kobo (default the whole payment; a smaller one is a partial refund) and an optional reason.
 */
export const RequestPaymentRefundBody = z.object({
  reference: z.string({ error: "reference is required" }).trim().min(1, "reference is required").max(255, "reference must be at most 255 characters"),
  amount: koboSchema("amount", {
    min: MIN_REFUND_KOBO,
    messages: { type: "amount must be an integer of at least 100", min: "amount must be an integer of at least 100", max: "amount is too large" },
  }).optional(),
  reason: z.string({ error: "reason must be a string" }).trim().max(500, "reason must be at most 500 characters").nullish(),
});
