import { AppError } from "@/lib/errors";

/** Supplement §2: a payment target that exists but takes no money now. */
export const destinationClosed = (message: string) => new AppError({ code: "DESTINATION_CLOSED", status: 400, message });

/** Supplement §2: refused by the target's amount validation rule. */
export const amountRejected = (message: string) => new AppError({ code: "AMOUNT_REJECTED", status: 400, message });

export const destinationNotFound = (what: string) => new AppError({ code: "DESTINATION_NOT_FOUND", status: 400, message: `No ${what} matches this payment.` });
