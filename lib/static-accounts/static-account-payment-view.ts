import { z } from "zod";
import { SETTLEMENT_STATUSES, type Refund, type StaticAccountPayment } from "@/db/schema";
import { koboToNaira } from "@/lib/money";
import { naira, nullableTimestamp, pageOf, responseSchema, timestamp } from "@/lib/response-schema";
import { RefundSchema, toRefundView } from "@/lib/static-accounts/refund-view";

/** api.md's Static account payment object; money in naira strings. */
export const StaticAccountPaymentSchema = responseSchema(
  "StaticAccountPayment",
  z.object({
    id: z.string(),
    static_account_id: z.string(),
    amount: naira(),
    fee: naira(),
    net_amount: naira(),
    currency: z.string(),
    status: z.enum(["processing", "completed"]),
    payer: z.object({ name: z.string().nullable(), bank: z.string().nullable(), account: z.string().nullable() }),
    narration: z.string().nullable(),
    session_id: z.string().nullable(),
    received_at: timestamp(),
    booked_at: timestamp(),
    settlement: z.object({
      status: z.enum(SETTLEMENT_STATUSES),
      expected_payout_at: timestamp(),
      settled_at: nullableTimestamp(),
      payout_id: z.string().nullable(),
    }),
    refundable: z.boolean(),
    refund: RefundSchema.nullable(),
  }),
);
export type StaticAccountPaymentView = z.output<typeof StaticAccountPaymentSchema>;
export const StaticAccountPaymentPageSchema = responseSchema("StaticAccountPaymentPage", pageOf(StaticAccountPaymentSchema));

const OPEN: ReadonlySet<Refund["status"]> = new Set(["requested", "processing"]);

/** A refund can still be requested: booked, waiting for its cutoff, no refund open. */
export function isRefundable(p: StaticAccountPayment, refund: Refund | null): boolean {
  return p.status === "completed" && p.settlementStatus === "pending_settlement" && !(refund && OPEN.has(refund.status));
}

/** `refund` is the payment's newest refund (null when none was ever requested). */
export function toStaticAccountPaymentView(p: StaticAccountPayment, refund: Refund | null): StaticAccountPaymentView {
  return {
    id: p.id,
    static_account_id: p.staticAccountId,
    amount: koboToNaira(p.amount),
    fee: koboToNaira(p.fee),
    net_amount: koboToNaira(p.amount - p.fee),
    currency: p.currency,
    status: p.status,
    payer: { name: p.payer?.name ?? null, bank: p.payer?.bank ?? null, account: p.payer?.account ?? null },
    narration: p.narration,
    session_id: p.sessionId,
    received_at: p.receivedAt.toISOString(),
    booked_at: p.bookedAt.toISOString(),
    settlement: {
      status: p.settlementStatus,
      expected_payout_at: p.expectedPayoutAt.toISOString(),
      settled_at: p.settledAt?.toISOString() ?? null,
      payout_id: p.payoutId,
    },
    refundable: isRefundable(p, refund),
    refund: refund ? toRefundView(refund) : null,
  };
}
