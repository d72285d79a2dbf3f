/**
 * A /v1 operation, declared once (`defineOperation`) beside the command it runs, in
 * `lib/<domain>/operations.ts`: the route file hands it to `route()` (lib/http/route.ts), which
 * enforces its key type, permission, gates, body and query; the OpenAPI document
 * (lib/openapi/document.ts) and so the typed client are written from the same object.
 */
import type { z } from "zod";
import type { Db } from "@/db/client";
import type { Mode, Permission } from "@/db/schema";
import type { ErrorCode } from "./errors";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Domain failures an operation can answer, by status (the pipeline's own are added for it). */
export type ErrorMap = Partial<Record<number, readonly ErrorCode[]>>;

/**
 * A read sent in the rate-limit statement (lib/http/rate-limit.ts `PreparedRead`): constant
 * text numbering its own parameters from $1, one row or none; `row` is that row's shape.
 */
export type PrefetchRead<Row> = { text: string; params: string[]; readonly row?: Row };

/** What `route()` runs before the handler: who may call, which gates, what it parses. */
export type RouteOptions<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P = never> = {
  /** Which half of a key pair may call: secret only (default) or either. */
  keys?: "secret" | "any";
  permission?: Permission;
  /** Session initialize also counts against the key's tighter initialize limit. */
  limit?: "initialize";
  /** Sandbox endpoints answer test keys only (supplement §5). */
  sandbox?: boolean;
  /** Transfer endpoints need a programmable-debit wallet linked to the key. */
  wallet?: boolean;
  /** Static PayID endpoints answer keys of business accounts only (api.md Authentication 5). */
  business?: boolean;
  /**
   * Static NGN account reads answer only while the merchant's product is enabled (403
   * STATIC_ACCOUNT_NOT_ENABLED / STATIC_ACCOUNT_SUSPENDED): the domain's check
   * (assertStaticAccountsEnabled), run after the body is parsed and before the handler.
   * Their commands check it themselves (`productGate`).
   */
  staticAccounts?: (db: Db, merchantId: string) => Promise<void>;
  body?: B;
  query?: Q;
  /**
   * A read the handler needs, from the path params (and, for a route with a `body`, the body
   * as sent, before validation: treat it as unknown), sent in the rate-limit statement (one
   * round trip, not two). Its row reaches the handler as `prefetched` only when every check
   * passed: a refusal (429 included) discards it. Null: nothing to prefetch.
   */
  prefetch?: (params: Record<string, string>, more: { body: unknown; mode: Mode }) => PrefetchRead<P> | null;
  /**
   * The handler counts the request itself (`rateLimit.alongside`: the count and its write in one
   * round trip, the write gated on the count). Whatever answers without that (a refused check,
   * a bad body, a handler that returned or failed before counting) is counted by the pipeline
   * then, and answers 429 over the limit, as before. The handler must write nothing before it
   * has counted. Not with `prefetch`.
   */
  countInHandler?: boolean;
};

/** The document's groups of operations, in its order, with what each is for. */
export const TAGS = {
  "Checkout sessions": "Take a payment through Owo's hosted checkout.",
  "Dynamic PayIDs": "One-off PayIDs with an amount and an expiry.",
  "Static PayIDs": "Long-lived PayIDs of a business.",
  "Virtual accounts": "Account numbers for one payment.",
  "Static NGN accounts": "Permanent account numbers for one customer, with settlement and refunds.",
  Refunds: "Refund any completed payment (checkout, PayID, virtual account, invoice or static account) to its payer, after Owo's review.",
  Transfers: "Send money from the key's linked wallet.",
  Wallet: "The key's linked wallet: its name, members (saved recipients), members-only and daily limits.",
  Invoices: "Invoices with a hosted payment page.",
  "Payment links": "Shareable pages (/l/<slug>) that take payments through checkout sessions.",
  Events: "The key's webhook events and their delivery.",
  Sandbox: "Test-mode helpers (test keys only).",
} as const;
export type Tag = keyof typeof TAGS;

export type Operation<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P = unknown,
  R extends z.ZodType = z.ZodType,
> = RouteOptions<B, Q, P> & {
  method: HttpMethod;
  /** OpenAPI path template: `/v1/checkout/transfer/{reference}` (the route file's folder). */
  path: string;
  /** Also the typed client's method name. */
  operationId: string;
  summary: string;
  description?: string;
  tag: Tag;
  keys: "secret" | "any";
  /** The command checks the static-account product gate itself (documented like `staticAccounts`). */
  productGate?: boolean;
  /** What the handler answers in `data`: a schema registered with `responseSchema` (lib/response-schema.ts). */
  response: R;
  errors?: ErrorMap;
};

/**
 * Declares an operation: the one place its method, path, key type, permission, gates, body,
 * query, response and failures are written. `keys` defaults to "secret".
 */
export function defineOperation<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P = never,
  R extends z.ZodType = z.ZodType,
>(op: Omit<Operation<B, Q, P, R>, "keys"> & { keys?: "secret" | "any" }): Operation<B, Q, P, R> {
  return { ...op, keys: op.keys ?? "secret" };
}
