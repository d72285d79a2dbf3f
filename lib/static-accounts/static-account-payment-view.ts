import type { Refund, StaticAccountPayment } from "@/db/schema";
import { koboToNaira } from "@/lib/money";
import { toRefundView, type RefundView } from "@/lib/static-accounts/refund-view";

/** api.md's Static account payment object; money in naira strings. */
export type StaticAccountPaymentView = {
  id: string;
  static_account_id: string;
  amount: string;
  fee: string;
  net_amount: string;
  currency: string;
  status: StaticAccountPayment["status"];
  payer: { name: string | null; bank: string | null; account: string | null };
  narration: string | null;
  session_id: string | null;
  received_at: string;
  booked_at: string;
  settlement: { status: StaticAccountPayment["settlementStatus"]; expected_payout_at: string; settled_at: string | null; payout_id: string | null };
  refundable: boolean;
  refund: RefundView | null;
};

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
