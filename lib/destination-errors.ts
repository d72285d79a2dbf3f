import { appError } from "@/lib/errors";

/** Supplement §2: a payment target that exists but takes no money now. */
export const destinationClosed = (message: string) => appError("DESTINATION_CLOSED", { message });

/** Supplement §2: refused by the target's amount validation rule. */
export const amountRejected = (message: string) => appError("AMOUNT_REJECTED", { message });

export const destinationNotFound = (what: string) => appError("DESTINATION_NOT_FOUND", { message: `No ${what} matches this payment.` });
