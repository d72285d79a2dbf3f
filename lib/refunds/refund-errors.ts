import { AppError, invalidState, notFound } from "@/lib/errors";
import { formatNaira } from "@/lib/money";

export const refundNotAllowed = (message: string) => new AppError({ code: "REFUND_NOT_ALLOWED", status: 400, message });
export const alreadyRefunded = () => new AppError({ code: "ALREADY_REFUNDED", status: 400, message: "This payment has already been refunded." });
/** Supplement §10: the payment's refunds not rejected or failed would sum past its amount; says how much is left to refund. */
export const refundExceedsPayment = (remaining: number) =>
  new AppError({
    code: "REFUND_EXCEEDS_PAYMENT",
    status: 400,
    message:
      remaining > 0
        ? `The refund is more than this payment has left to refund: at most ${formatNaira(remaining)} (${remaining} kobo) can still be refunded.`
        : "This payment's refunds already cover its whole amount: nothing is left to refund.",
  });
export const refundNotFound = () => notFound("Refund not found.");
export const paymentNotFound = () => notFound("Payment not found.");
export const refundInvalidState = (status: string, action: string) =>
  invalidState(`This refund is ${status} and can no longer be ${action}.`);
