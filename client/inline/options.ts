/**
 * Supplement §7 "Inline checkout": the options a shop page passes to `Owo.checkout(options)`
 * (and ZevPay's `new ZevPay.ZevPayCheckout().checkout(options)`), mapped to the body of
 * POST /v1/checkout/session/initialize. Pure, so it is unit-tested on its own.
 */

export type InlineSuccess = {
  session_id: string;
  reference: string;
  merchant_reference: string | null;
  status: "completed";
  amount: number;
  currency: string;
  payment_method: string | null;
};

export type InlineError = { code: string; message: string };

export type InlineOptions = {
  apiKey: string;
  email: string;
  amount: number;
  currency?: string;
  reference?: string;
  firstName?: string;
  lastName?: string;
  metadata?: Record<string, unknown> | string;
  paymentMethods?: string[];
  onSuccess?: (response: InlineSuccess) => void;
  onClose?: () => void;
  onError?: (error: InlineError) => void;
};

export type InitializeBody = {
  amount: number;
  email: string;
  currency?: string;
  reference?: string;
  customer_name?: string;
  metadata?: Record<string, unknown>;
  payment_methods?: string[];
};

/** A refusal before any request: `{ code: "VALIDATION_ERROR", message }`. */
export class OptionsError extends Error {
  readonly code = "VALIDATION_ERROR";
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function metadataOf(value: InlineOptions["metadata"]): Record<string, unknown> | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "string") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new OptionsError("metadata must be an object or a JSON string of one");
    }
    if (!isObject(parsed)) throw new OptionsError("metadata must be an object or a JSON string of one");
    return parsed;
  }
  if (!isObject(value)) throw new OptionsError("metadata must be an object or a JSON string of one");
  return value;
}

/** The initialize body for `options`; throws OptionsError for what no request could fix. */
export function initializeBody(options: InlineOptions): InitializeBody {
  if (!isObject(options)) throw new OptionsError("checkout options must be an object");
  if (typeof options.apiKey !== "string" || !options.apiKey.trim()) throw new OptionsError("apiKey (your public key) is required");
  if (/^sk_/.test(options.apiKey.trim())) throw new OptionsError("apiKey must be a public key (pk_…): never put a secret key in a web page");
  // A numeric string ("150000") is the same kobo amount; anything else is left to the API to refuse.
  const amount = typeof options.amount === "string" && /^\d+$/.test(options.amount) ? Number(options.amount) : options.amount;
  const body: InitializeBody = { amount, email: options.email };
  if (options.currency) body.currency = options.currency;
  if (options.reference !== undefined && options.reference !== null && String(options.reference) !== "") body.reference = String(options.reference);
  const name = [options.firstName, options.lastName]
    .map((p) => (typeof p === "string" ? p.trim() : ""))
    .filter(Boolean)
    .join(" ");
  if (name) body.customer_name = name;
  const metadata = metadataOf(options.metadata);
  if (metadata) body.metadata = metadata;
  if (Array.isArray(options.paymentMethods) && options.paymentMethods.length > 0) body.payment_methods = options.paymentMethods.map(String);
  return body;
}

/** The onSuccess argument from the server's payment record (the verify view's fields); null unless completed. */
export function successResponse(verified: Record<string, unknown>): InlineSuccess | null {
  if (verified.status !== "completed" || typeof verified.session_id !== "string") return null;
  return {
    session_id: verified.session_id,
    reference: String(verified.reference),
    merchant_reference: typeof verified.merchant_reference === "string" ? verified.merchant_reference : null,
    status: "completed",
    amount: Number(verified.amount),
    currency: String(verified.currency),
    payment_method: typeof verified.payment_method === "string" ? verified.payment_method : null,
  };
}

/** The error for a failed initialize answer (the API's envelope: `{error: {code, message}}`). */
export function apiError(status: number, payload: unknown): InlineError {
  const err = isObject(payload) && isObject(payload.error) ? payload.error : null;
  if (err && typeof err.code === "string" && typeof err.message === "string") return { code: err.code, message: err.message };
  return {
    code: status ? `HTTP_${status}` : "NETWORK_ERROR",
    message: status ? `The checkout could not be opened (HTTP ${status}).` : "The checkout could not be reached.",
  };
}
