import { appError, httpError, invalidState } from "@/lib/errors";

// api.md Errors > Sessions: code HTTP_ERROR, these exact messages (supplement §2).
export const sessionNotFound = () => httpError(404, "Session not found.");
export const sessionNotYours = () => httpError(400, "Session does not belong to this API key.");
export const sessionExpired = () => httpError(400, "Session has expired.");
export const sessionNotActive = (status: string) => httpError(400, `Session is ${status}.`);
export const unsupportedPaymentMethod = (method: string) => httpError(400, `Unsupported payment method: ${method}`);

/** api.md switch bank: the provider is not in the session's banks list. */
export const bankUnavailable = (provider: string) => appError("BANK_UNAVAILABLE", { message: `Bank ${provider} is not available for this session.` });

/** Switch-bank before a bank transfer was chosen: there is no bank to switch from. */
export const noBankToSwitch = () => invalidState("Select bank_transfer as the payment method before switching bank.");

/** The partner bank could not issue an account (it came back cancelled). */
export const accountNotIssued = () =>
  httpError(503, "The bank could not issue an account right now. Please try again or choose another bank or payment method.");
