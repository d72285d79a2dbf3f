import { and, eq, inArray } from "drizzle-orm";
import { assertRail } from "@/lib/rails/router";
import type { Db } from "@/db/client";
import { refunds, staticAccountPayments, type Mode, type Refund } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { auditRefundRequested } from "./audit-refund-requested";
import { prefixedId } from "@/lib/ids";
import { pausePoint } from "@/lib/testing/pause-points";
import { alreadyRefunded, paymentNotFound, refundNotAllowed } from "./refund-errors";
import { requestRefund } from "./request-refund";
import { holdRefund, lockMerchantPayment } from "./wallet-refunds";

export type RequestPaymentRefundInput = {
  merchantId: string;
  mode: Mode;
  /** The key pair asking (null from the dashboard). */
  keyPairId?: string | null;
  /** The payment's transaction reference (as in charge.success). */
  reference: string;
  reason?: string | null;
  /** The member asking from the dashboard (audited as `refund.requested`). */
  actor?: Actor;
};

/**
 * Supplement §10: a merchant asks for a whole completed payment, on any channel, to go back to
 * its payer. A static-account payment takes its own road (requestRefund: held in pending
 * settlement). Any other payment's money is in the wallet it credited: the request holds its
 * net there at once (wallet-refunds.ts), or answers INSUFFICIENT_FUNDS holding nothing. The
 * payment row is locked for the check and the insert, so two requests for one payment run one
 * after the other: the second finds the first's open refund and returns it (and the open-refund
 * unique index stands behind that). A refunded payment is ALREADY_REFUNDED; another merchant's
 * or mode's reference is NOT_FOUND.
 */
export async function requestPaymentRefund(db: Db, input: RequestPaymentRefundInput): Promise<{ refund: Refund; created: boolean }> {
  // Live with no rail to return money through: 503 RAIL_UNAVAILABLE, nothing held (supplement §11).
  assertRail(input.mode, "transfers");
  const reference = input.reference.trim();
  if (!reference) throw paymentNotFound();
  const reason = input.reason?.trim() || null;
  const staticPayment = await findStaticPayment(db, { ...input, reference });
  if (staticPayment) {
    return requestRefund(db, {
      merchantId: input.merchantId,
      mode: input.mode,
      keyPairId: input.keyPairId,
      staticAccountId: staticPayment.staticAccountId,
      paymentId: staticPayment.id,
      reason,
      actor: input.actor,
    });
  }
  return db.transaction(async (tx) => {
    const payment = await lockMerchantPayment(tx, { merchantId: input.merchantId, mode: input.mode, reference });
    await pausePoint("payment-refund:locked");
    if (!payment) throw paymentNotFound();
    if (payment.status === "refunded") throw alreadyRefunded();
    const [open] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.paymentReference, payment.reference), inArray(refunds.status, ["requested", "processing"])));
    if (open) return { refund: open, created: false };
    if (payment.status !== "completed") throw refundNotAllowed("This payment is not completed; it cannot be refunded.");
    if (payment.destinationKind === "static_account") throw refundNotAllowed("This payment is not booked yet.");

    const [refund] = await tx
      .insert(refunds)
      .values({
        id: prefixedId("refund"),
        paymentId: null,
        staticAccountId: null,
        paymentReference: payment.reference,
        channel: payment.channel,
        merchantId: payment.merchantId,
        mode: payment.mode,
        keyPairId: input.keyPairId ?? null,
        amount: payment.amount,
        reason,
      })
      .returning();
    await holdRefund(tx, refund!, payment);
    await auditRefundRequested(tx, refund!, input.actor, { payment: { to: payment.reference }, channel: { to: payment.channel } });
    return { refund: refund!, created: true };
  });
}

async function findStaticPayment(db: Db, input: { merchantId: string; mode: Mode; reference: string }) {
  const [row] = await db
    .select({ id: staticAccountPayments.id, staticAccountId: staticAccountPayments.staticAccountId })
    .from(staticAccountPayments)
    .where(and(eq(staticAccountPayments.reference, input.reference), eq(staticAccountPayments.merchantId, input.merchantId), eq(staticAccountPayments.mode, input.mode)));
  return row;
}
