/** The closed list of error codes the product answers with (api.md + supplement §2). */
export const ERROR_CODES = [
  "HTTP_ERROR",
  "INTERNAL_ERROR",
  "NOT_FOUND",
  "PERMISSION_DENIED",
  "SECRET_KEY_REQUIRED",
  "BUSINESS_ACCOUNT_REQUIRED",
  "WALLET_NOT_LINKED",
  "PAY_ID_TAKEN",
  "INSUFFICIENT_FUNDS",
  "ACCOUNT_NOT_FOUND",
  "TRANSFER_NOT_FOUND",
  "REFERENCE_CONFLICT",
  "AMOUNT_REJECTED",
  "DESTINATION_NOT_FOUND",
  "DESTINATION_CLOSED",
  "SANDBOX_ONLY",
  "INVALID_STATE",
  "VALIDATION_ERROR",
  "FORBIDDEN",
  "UNAUTHENTICATED",
  "CONFLICT",
  "BANK_UNAVAILABLE",
  "BANK_SWITCH_FAILED",
  // Static NGN accounts and their refunds (api.md Errors > Static NGN account).
  "STATIC_ACCOUNT_NOT_ENABLED",
  "STATIC_ACCOUNT_SUSPENDED",
  "IDENTITY_MISMATCH",
  "IDENTITY_CHECK_UNAVAILABLE",
  "STATIC_ACCOUNT_REJECTED",
  "STATIC_ACCOUNT_UNAVAILABLE",
  "REFERENCE_IN_USE",
  "ACCOUNT_SUSPENDED",
  "ACCOUNT_DELETED",
  "STATIC_ACCOUNT_RATE_LIMITED",
  "REFUND_NOT_ALLOWED",
  "ALREADY_REFUNDED",
  // Partial refunds: the refunds of a payment would sum past its amount (supplement §10).
  "REFUND_EXCEEDS_PAYMENT",
  // Wallet settings and members (supplement §7).
  "PAY_ID_NOT_FOUND",
  "RECIPIENT_NOT_ALLOWED",
  "LIMIT_EXCEEDED",
  // A merchant suspended by a platform admin: every /v1 request with its keys (issue 18).
  "MERCHANT_SUSPENDED",
  // Live mode with no payment rail for a bank operation (supplement §11).
  "RAIL_UNAVAILABLE",
  // Live mode before an admin approved the merchant's activation (supplement §13).
  "ACCOUNT_NOT_ACTIVATED",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A bundler may load this module more than once (a server action's chunk and the chunk of the
 * code that threw), and then `instanceof` fails across the copies; this process-wide brand
 * does not.
 */
const APP_ERROR = Symbol.for("owo.AppError");

/**
 * A failure a caller should see: a code from the closed list, an HTTP status and a message
 * that is safe to show. Anything that is not an AppError becomes a generic 500.
 */
export class AppError extends Error {
  readonly [APP_ERROR] = true;
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: string[];
  readonly headers?: Record<string, string>;

  constructor(opts: { code: ErrorCode; status: number; message: string; details?: string[]; headers?: Record<string, string> }) {
    super(opts.message);
    this.name = "AppError";
    this.code = opts.code;
    this.status = opts.status;
    this.details = opts.details;
    this.headers = opts.headers;
  }
}

export const httpError = (status: number, message: string, details?: string[]) =>
  new AppError({ code: "HTTP_ERROR", status, message, details });

export const validationError = (details: string[]) => httpError(400, "Validation error", details);

export const notFound = (message = "Not found") => new AppError({ code: "NOT_FOUND", status: 404, message });

/** The business has no wallet PayID in this mode: nothing can be paid from it. */
export const walletNotLinked = () => new AppError({ code: "WALLET_NOT_LINKED", status: 403, message: "This business has no wallet in this mode." });

/** An action the record's state forbids, where api.md names no code: 400 (supplement, errors). */
export const invalidState = (message: string) => new AppError({ code: "INVALID_STATE", status: 400, message });

/** A merchant suspended by a platform admin (lib/admin/suspend-merchant.ts): its keys on /v1, its dashboard's money-moving actions. */
export const merchantSuspended = () =>
  new AppError({ code: "MERCHANT_SUSPENDED", status: 403, message: "This account is suspended by the service. Contact support." });

/** Live mode before the merchant's activation is approved (supplement §13): live keys on /v1, live dashboard actions. */
export const accountNotActivated = () =>
  new AppError({
    code: "ACCOUNT_NOT_ACTIVATED",
    status: 403,
    message: "Live mode opens when your business is activated. Complete activation in the dashboard (Activate your business).",
  });

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError || (err instanceof Error && (err as unknown as Record<symbol, unknown>)[APP_ERROR] === true);
}
