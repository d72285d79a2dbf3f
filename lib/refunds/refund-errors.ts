import { AppError, notFound } from "@/lib/errors";

export const refundNotAllowed = (message: string) => new AppError({ code: "REFUND_NOT_ALLOWED", status: 400, message });
export const alreadyRefunded = () => new AppError({ code: "ALREADY_REFUNDED", status: 400, message: "This payment has already been refunded." });
export const refundNotFound = () => notFound("Refund not found.");
export const paymentNotFound = () => notFound("Payment not found.");
export const refundInvalidState = (status: string, action: string) =>
  new AppError({ code: "INVALID_STATE", status: 400, message: `This refund is ${status} and can no longer be ${action}.` });
