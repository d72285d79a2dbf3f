import { and, desc, eq } from "drizzle-orm";
import { assertRail } from "@/lib/rails/router";
import type { Db } from "@/db/client";
import { refunds, staticAccountPayments, type Mode, type Refund } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { auditRefundRequested } from "./audit-refund-requested";
import { validationError } from "@/lib/errors";
import { prefixedId } from "@/lib/ids";
import { pausePoint } from "@/lib/pause-points";
import { alreadyRefunded, paymentNotFound, refundExceedsPayment, refundNotAllowed } from "./refund-errors";
import { MIN_REFUND_KOBO } from "./refund-input";
import { requestRefund } from "./request-refund";
import { isOpenRefund, sumActiveRefunds } from "./refund-amounts";
import { holdRefund, lockMerchantPayment } from "./wallet-refunds";

export type RequestPaymentRefundInput = {
  merchantId: string;
  mode: Mode;
  /** The key pair asking (null from the dashboard). */
  keyPairId?: string | null;
  /** The payment's transaction reference (as in charge.success). */
  reference: string;
  /** Kobo to return (supplement §10): absent, the whole payment; less than it, a partial refund. */
  amount?: number | null;
  reason?: string | null;
  /** The member asking from the dashboard (audited as `refund.requested`). */
  actor?: Actor;
};

/**
 * Supplement §10: a merchant asks for a completed payment, on any channel, to go back to its
 * payer, whole or in part (`amount`, default the whole payment). A static-account payment takes
 * its own road (requestRefund: held in pending settlement, always whole). Any other payment's
 * money is in the wallet it credited: the request holds there at once the refund's wallet share
 * (the net for a whole refund, exactly the amount for a partial one: wallet-refunds.ts), or
 * answers INSUFFICIENT_FUNDS holding nothing.
 *
 * A payment may have several refunds while the sum of those not rejected or failed stays within
 * its amount; more is REFUND_EXCEEDS_PAYMENT. The payment row is locked FOR UPDATE while the
 * refunds are summed and the new one inserted, and every request, decision and completion of
 * its refunds takes the same lock, so concurrent requests are summed one after the other and
 * two that together exceed the payment cannot both be accepted. A request without `amount`
 * returns the open refund (the newest, if several); one with an open refund's amount returns
 * that refund (refunds_open_amount_idx stands behind it). A fully refunded payment is
 * ALREADY_REFUNDED; another merchant's or mode's reference is NOT_FOUND.
 */
export async function requestPaymentRefund(db: Db, input: RequestPaymentRefundInput): Promise<{ refund: Refund; created: boolean }> {
  // Live with no rail to return money through: 503 RAIL_UNAVAILABLE, nothing held (supplement §11).
  assertRail(input.mode, "transfers");
  const reference = input.reference.trim();
  if (!reference) throw paymentNotFound();
  if (input.amount != null && (!Number.isSafeInteger(input.amount) || input.amount < MIN_REFUND_KOBO))
    throw validationError(["amount must be an integer of at least 100"]);
  const reason = input.reason?.trim() || null;
  const staticPayment = await findStaticPayment(db, { ...input, reference });
  if (staticPayment) {
    // A static-account payment is refunded whole, from pending settlement (api.md).
    if (input.amount != null && input.amount !== staticPayment.amount) {
      throw refundNotAllowed("A static-account payment is refunded whole: leave out amount, or give the payment's whole amount.");
    }
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
    const existing = await tx.select().from(refunds).where(eq(refunds.paymentReference, payment.reference)).orderBy(desc(refunds.createdAt), desc(refunds.id));
    const open = existing.filter((r) => isOpenRefund(r.status));
    const repeat = input.amount == null ? open[0] : open.find((r) => r.amount === input.amount);
    if (repeat) return { refund: repeat, created: false };
    if (payment.status !== "completed") throw refundNotAllowed("This payment is not completed; it cannot be refunded.");
    if (payment.destinationKind === "static_account") throw refundNotAllowed("This payment is not booked yet.");

    const amount = input.amount ?? payment.amount;
    const remaining = payment.amount - sumActiveRefunds(existing);
    if (amount > remaining) throw refundExceedsPayment(remaining);
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
        amount,
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
    .select({ id: staticAccountPayments.id, staticAccountId: staticAccountPayments.staticAccountId, amount: staticAccountPayments.amount })
    .from(staticAccountPayments)
    .where(
      and(
        eq(staticAccountPayments.reference, input.reference),
        eq(staticAccountPayments.merchantId, input.merchantId),
        eq(staticAccountPayments.mode, input.mode),
      ),
    );
  return row;
}
