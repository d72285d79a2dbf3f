import { appError, notFound } from "@/lib/errors";

/** Another merchant's or mode's invoice, or none: 404 without saying whether it exists (supplement §2). */
export const invoiceNotFound = () => notFound("Invoice not found.");

export const INVOICE_STATE_MESSAGES = {
  sendNotDraft: "Only a draft invoice can be sent.",
  updateNotDraft: "Only a draft invoice can be updated.",
  pauseDraft: "A draft invoice cannot be paused; send it first.",
  pausePaid: "A paid invoice cannot be paused.",
  pauseCancelled: "A cancelled invoice cannot be paused.",
  pauseAlreadyPaused: "This invoice is already paused.",
  resumeNotPaused: "This invoice is not paused.",
  resumeCancelled: "A cancelled invoice cannot be resumed.",
  resumePaid: "A paid invoice cannot be resumed.",
  cancelPaid: "A paid invoice cannot be cancelled.",
  cancelCancelled: "This invoice is already cancelled.",
} as const;

/** Another invoice of this merchant and mode already carries the merchant_reference. */
export const invoiceReferenceConflict = () => appError("REFERENCE_CONFLICT", { message: "This merchant_reference was already used for a different invoice." });
