import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { refunds, type Refund } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { parseOrThrow } from "@/lib/validation";
import { backToSettlement, lockPayment, notRequested } from "./approve-refund";
import { RejectionReason } from "./refund-input";
import { isWalletRefund, lockRefundedPayment, releaseRefund } from "./wallet-refunds";

/**
 * An admin (or, for a test-mode refund, the merchant: decide-test-refund.ts) declines a requested refund, with a reason (requested → rejected). A static-account
 * payment returns to `pending_settlement` and settles normally at the next cutoff; any other
 * payment's held money goes back to its wallet (supplement §10). No event is sent (api.md). Guarded: a refund already approved or rejected is refused with INVALID_STATE.
 */
export async function rejectRefund(db: Db, input: { refundId: string; reason: string; actor: Actor | null }): Promise<Refund> {
  const reason = parseOrThrow(RejectionReason, input.reason);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [refund] = await tx
      .update(refunds)
      .set({ status: "rejected", rejectionReason: reason, reviewedByUserId: input.actor?.userId ?? null, reviewedAt: now, updatedAt: now })
      .where(and(eq(refunds.id, input.refundId), eq(refunds.status, "requested")))
      .returning();
    if (!refund) throw await notRequested(tx, input.refundId, "rejected");
    if (isWalletRefund(refund)) {
      await releaseRefund(tx, refund, await lockRefundedPayment(tx, refund));
    } else {
      const payment = await lockPayment(tx, refund.paymentId!);
      await backToSettlement(tx, payment.id, now);
    }
    // A sandbox API call has no audit actor (see approveRefund).
    if (input.actor)
      await recordAudit(tx, {
        merchantId: refund.merchantId,
        actor: input.actor,
        action: "refund.rejected",
        targetType: "refund",
        targetId: refund.id,
        changes: { status: { from: "requested", to: "rejected" }, rejection_reason: { to: reason } },
      });
    return refund;
  });
}
