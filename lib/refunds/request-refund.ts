import { and, eq, inArray } from "drizzle-orm";
import { assertRail } from "@/lib/rails/router";
import type { Db } from "@/db/client";
import { refunds, staticAccountPayments, type Mode, type Refund } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { auditRefundRequested } from "./audit-refund-requested";
import { prefixedId } from "@/lib/ids";
import { pausePoint } from "@/lib/pause-points";
import { isUuid } from "@/lib/text-patterns";
import { alreadyRefunded, paymentNotFound, refundNotAllowed } from "./refund-errors";
import { assertStaticAccountsEnabled } from "@/lib/static-accounts/product-state";

export type RequestRefundInput = {
  merchantId: string;
  mode: Mode;
  /** The key pair asking (null from the dashboard). */
  keyPairId?: string | null;
  staticAccountId: string;
  paymentId: string;
  reason?: string | null;
  /** The member asking from the dashboard (audited as `refund.requested`); an API key's call is not an audit actor. */
  actor?: Actor;
};

/**
 * A merchant asks for a static-account payment's money to go back to its payer (api.md
 * "Static account payment settlement"). Accepted only while the payment's settlement status
 * is `pending_settlement`: the payment moves to `under_review` and the refund waits for an
 * admin. A repeated request returns the open refund. The payment row is locked for the check
 * and the change, and the settlement's batching UPDATE takes only `pending_settlement` rows,
 * so a request racing the cutoff ends in exactly one of the two: refund or batch.
 * Another merchant's (or mode's) payment is NOT_FOUND; the merchant's product must be enabled.
 */
export async function requestRefund(db: Db, input: RequestRefundInput): Promise<{ refund: Refund; created: boolean }> {
  // Live with no rail to return money through: 503 RAIL_UNAVAILABLE, nothing held (supplement §11).
  assertRail(input.mode, "transfers");
  await assertStaticAccountsEnabled(db, input.merchantId);
  if (!isUuid(input.paymentId)) throw paymentNotFound();
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(staticAccountPayments)
      .where(
        and(
          eq(staticAccountPayments.id, input.paymentId),
          eq(staticAccountPayments.staticAccountId, input.staticAccountId),
          eq(staticAccountPayments.merchantId, input.merchantId),
          eq(staticAccountPayments.mode, input.mode),
        ),
      )
      .for("update");
    await pausePoint("refund-request:locked");
    if (!payment) throw paymentNotFound();
    if (payment.status !== "completed") throw refundNotAllowed("This payment is not booked yet.");

    switch (payment.settlementStatus) {
      case "pending_settlement":
        break;
      case "under_review": {
        const [open] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.paymentId, payment.id), inArray(refunds.status, ["requested", "processing"])));
        if (open) return { refund: open, created: false };
        throw refundNotAllowed("This payment is under review.");
      }
      case "refunded":
        throw alreadyRefunded();
      case "batched":
        throw refundNotAllowed("This payment is already in a settlement batch.");
      case "paid_out":
      case "wallet_credit":
        throw refundNotAllowed("This payment has already been paid out.");
      default:
        throw refundNotAllowed(`This payment's settlement is ${payment.settlementStatus}; it cannot be refunded.`);
    }

    const [refund] = await tx
      .insert(refunds)
      .values({
        id: prefixedId("refund"),
        paymentId: payment.id,
        staticAccountId: payment.staticAccountId,
        paymentReference: payment.reference,
        channel: "static_account",
        merchantId: payment.merchantId,
        mode: payment.mode,
        keyPairId: input.keyPairId ?? null,
        amount: payment.amount,
        currency: payment.currency,
        reason: input.reason?.trim() || null,
      })
      .returning();
    await tx.update(staticAccountPayments).set({ settlementStatus: "under_review", updatedAt: new Date() }).where(eq(staticAccountPayments.id, payment.id));
    await auditRefundRequested(tx, refund!, input.actor, {
      payment: { to: payment.id },
      settlement_status: { from: payment.settlementStatus, to: "under_review" },
    });
    return { refund: refund!, created: true };
  });
}
