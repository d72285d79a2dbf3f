import { appError, invalidState, notFound } from "@/lib/errors";
import { formatNaira } from "@/lib/money";

export const refundNotAllowed = (message: string) => appError("REFUND_NOT_ALLOWED", { message });
export const alreadyRefunded = () => appError("ALREADY_REFUNDED");
/** Supplement §10: the payment's refunds not rejected or failed would sum past its amount; says how much is left to refund. */
export const refundExceedsPayment = (remaining: number) =>
  appError("REFUND_EXCEEDS_PAYMENT", {
    message:
      remaining > 0
        ? `The refund is more than this payment has left to refund: at most ${formatNaira(remaining)} (${remaining} kobo) can still be refunded.`
        : "This payment's refunds already cover its whole amount: nothing is left to refund.",
  });
export const refundNotFound = () => notFound("Refund not found.");
export const paymentNotFound = () => notFound("Payment not found.");
export const refundInvalidState = (status: string, action: string) => invalidState(`This refund is ${status} and can no longer be ${action}.`);
