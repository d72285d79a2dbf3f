import type { Db } from "@/db/client";
import type { Mode, Refund } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { appError } from "@/lib/errors";
import { approveRefund } from "./approve-refund";
import { getRefundOrThrow } from "./list-refunds";
import { rejectRefund } from "./reject-refund";

export type TestRefundDecision = { decision: "approve" } | { decision: "reject"; rejectionReason: string };

/** A live refund is Owo's to review: the merchant decides only test-mode ones. */
export const liveRefundNotYours = () =>
  appError("SANDBOX_ONLY", { message: "Only a test-mode refund can be decided by the merchant; live refunds are reviewed by Owo." });

/**
 * Supplement §10, test mode: the merchant decides its own test-mode refund (the dashboard's
 * buttons on the refund page, POST /v1/sandbox/refunds/:id/approve and /reject), so an
 * integrator can finish a refund without an operator. The states, money and events are the
 * admin's (approveRefund: the bank pays the payer back and charge.refunded is sent;
 * rejectRefund: the hold is released, nothing sent), with the same guards (a refund no longer
 * `requested` is INVALID_STATE). Only this merchant's refunds of this mode are seen: another
 * merchant's, or a live refund asked for with a test key, is NOT_FOUND; live mode is refused.
 * `actor`: the member deciding from the dashboard (audited); a sandbox API call has none.
 */
export async function decideTestRefund(
  db: Db,
  input: { merchantId: string; mode: Mode; refundId: string; actor?: Actor } & TestRefundDecision,
): Promise<Refund> {
  if (input.mode !== "test") throw liveRefundNotYours();
  const refund = await getRefundOrThrow(db, { merchantId: input.merchantId, mode: input.mode, refundId: input.refundId });
  if (refund.mode !== "test") throw liveRefundNotYours();
  const actor = input.actor ?? null;
  return input.decision === "approve"
    ? approveRefund(db, { refundId: refund.id, actor })
    : rejectRefund(db, { refundId: refund.id, reason: input.rejectionReason, actor });
}
