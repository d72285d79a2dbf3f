import { ERROR_CATALOGUE } from "./error-catalogue";

type Catalogue = typeof ERROR_CATALOGUE;
export type ErrorCode = keyof Catalogue;

/** The closed list of error codes the product answers with, in the catalogue's order (lib/error-catalogue.ts). */
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

/** The statuses a code may be answered with: its catalogue `statuses`, else its one `status`. */
export type AllowedStatus<C extends ErrorCode> = Catalogue[C] extends { statuses: readonly (infer S extends number)[] } ? S : Catalogue[C]["status"];

/** Every status `code` may be answered with (the catalogue's `statuses`, else its `status`). */
export function allowedStatuses(code: ErrorCode): readonly number[] {
  const entry: { status: number; statuses?: readonly number[] } = ERROR_CATALOGUE[code];
  return entry.statuses ?? [entry.status];
}

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

type AppErrorOptions<C extends ErrorCode> = {
  status?: AllowedStatus<C>;
  details?: string[];
  headers?: Record<string, string>;
} & (Catalogue[C] extends { message: string } ? { message?: string } : { message: string });

/**
 * The one way to build an AppError: `appError("TRANSFER_NOT_FOUND")`, or with options
 * (`message` is required where the catalogue has no default; `status` only among the code's
 * allowed ones, else the catalogue's `status`).
 */
export function appError<C extends ErrorCode>(
  code: C,
  ...[opts]: Catalogue[C] extends { message: string } ? [opts?: AppErrorOptions<C>] : [opts: AppErrorOptions<C>]
): AppError {
  const entry: { status: number; message?: string } = ERROR_CATALOGUE[code];
  const o: { status?: number; message?: string; details?: string[]; headers?: Record<string, string> } = opts ?? {};
  return new AppError({ code, status: o.status ?? entry.status, message: o.message ?? entry.message ?? code, details: o.details, headers: o.headers });
}

export const httpError = (status: AllowedStatus<"HTTP_ERROR">, message: string, details?: string[]) => appError("HTTP_ERROR", { status, message, details });

export const validationError = (details: string[]) => httpError(400, "Validation error", details);

export const notFound = (message?: string) => appError("NOT_FOUND", { message });

/** The business has no wallet PayID in this mode: nothing can be paid from it. */
export const walletNotLinked = () => appError("WALLET_NOT_LINKED", { message: "This business has no wallet in this mode." });

/** An action the record's state forbids, where api.md names no code: 400 (supplement, errors). */
export const invalidState = (message: string) => appError("INVALID_STATE", { message });

/** A merchant suspended by a platform admin (lib/admin/suspend-merchant.ts): its keys on /v1, its dashboard's money-moving actions. */
export const merchantSuspended = () => appError("MERCHANT_SUSPENDED");

/** Live mode before the merchant's activation is approved (supplement §13): live keys on /v1, live dashboard actions. */
export const accountNotActivated = () => appError("ACCOUNT_NOT_ACTIVATED");

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError || (err instanceof Error && (err as unknown as Record<symbol, unknown>)[APP_ERROR] === true);
}
