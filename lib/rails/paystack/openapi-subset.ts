/**
 * The part of Paystack's published OpenAPI description this rail relies on, transcribed by
 * hand (not copied): for each endpoint the client calls, its method and path, the required
 * request fields and their types, and the response fields the client reads, as JSON Schema
 * (2020-12) for ajv. openapi-conformance.test.ts checks the simulator's recorded requests and
 * answers against it.
 *
 * Source: github.com/PaystackOSS/openapi, `dist/paystack.yaml` (openapi 3.0.1, info.version
 * 1.0.0, commit 9678dea922a900b2485969592055ccf634460352, 2025-10-24). Where that document is
 * silent or describes another variant, the field comes from Paystack's guides and their
 * samples in github.com/PaystackOSS/doc-code-snippets, and says so (`source`):
 *
 * - `POST /charge` with `bank_transfer` (Pay with Transfer): `src/doc/payments/payment-methods/pwt`
 *   (request and answer; the OpenAPI `ChargeCreate` has no `bank_transfer` and its answer
 *   describes a card charge).
 * - The payer fields of a bank-transfer transaction (`sender_name`, `sender_bank`,
 *   `sender_bank_account_number`): `src/doc/payments/dedicated-virtual-account/event-snippet`.
 * - `GET /refund?transaction=`: the List Refunds reference (the OpenAPI lists only paging and dates).
 * - Webhook bodies: `src/doc/payments/webhooks/events/*.json` (the OpenAPI has no webhooks).
 *
 * Transcription notes. The document types `GET /bank/resolve`'s `account_number` and
 * `bank_code` as integers (its example `bank_code: 63`); a query string is text and an account
 * number keeps its leading zeros, so they are checked as digit strings. `nullable: true`
 * becomes a `null` member of the type. `TransferInitiate.reference` says "minimum: 16" (a
 * length) and "lowercase alphanumeric with only -,_": transcribed as a pattern.
 */

export type JsonSchema = Record<string, unknown>;

export type OperationSubset = {
  operationId: string;
  method: "GET" | "POST" | "DELETE" | "PUT";
  /** The OpenAPI path template. */
  path: string;
  /** Where a field not in the OpenAPI document comes from. */
  source?: string;
  request?: { body?: JsonSchema; query?: JsonSchema; pathParams?: JsonSchema };
  /** By HTTP status, as the document lists them (`4xx`: any documented refusal, the `Error` schema). */
  responses: Record<string, JsonSchema>;
};

export const OPENAPI_SOURCE = {
  repository: "PaystackOSS/openapi",
  path: "dist/paystack.yaml",
  openapi: "3.0.1",
  version: "1.0.0",
  commit: "9678dea922a900b2485969592055ccf634460352",
} as const;

const str = { type: "string" } as const;
const int = { type: "integer" } as const;
const bool = { type: "boolean" } as const;
const nullableStr = { type: ["string", "null"] } as const;
const digits = { type: "string", pattern: "^\\d+$" } as const;
const isoDateTime = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$" } as const;

const obj = (properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema => ({ type: "object", properties, required });

/** `{status, message, data}` (components/schemas/*Response): `status` true on success. */
const envelope = (data: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema =>
  obj({ status: { const: true }, message: str, data, ...extra }, ["status", "message", "data", ...Object.keys(extra)]);

/** components/schemas/Error: `{status: false, message, meta?: {nextStep}, type?, code?}` (`code` is an enum there). */
export const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    status: { const: false },
    message: str,
    meta: { type: "object", properties: { nextStep: str } },
    type: str,
    code: { type: "string", enum: ["validation_error", "processor_error", "api_error"] },
  },
  required: ["status", "message"],
};

/** A bank as answers name it: `{name, id, slug}` (DedicatedNubanCreateResponse.data.bank). */
const bankObject = obj({ name: str, id: int, slug: str });

/** Transfer statuses: the `status` enum of `GET /transfer` (transfer_list). */
export const TRANSFER_STATUSES = ["pending", "success", "failed", "otp", "abandoned", "reversed", "blocked", "rejected", "received"] as const;

/** The transfer fields the client reads (TransferVerifyResponse.data, TransferFetchResponse.data). */
const transferRead = {
  type: "object",
  properties: {
    reference: str,
    status: str,
    amount: int,
    transfer_code: str,
    id: int,
    fee_charged: int,
    gateway_response: nullableStr,
    recipient: obj({ recipient_code: str, details: obj({ account_number: nullableStr, bank_code: str }) }),
  },
  required: ["reference", "status", "amount", "transfer_code", "id", "recipient"],
} as const;

/** The transaction fields the client reads (VerifyResponse.data). */
const transactionRead = {
  type: "object",
  properties: {
    id: int,
    status: str,
    reference: str,
    amount: int,
    fees: { type: ["integer", "null"] },
    channel: str,
    currency: str,
    paid_at: nullableStr,
    paidAt: nullableStr,
    metadata: { type: ["string", "object", "null"] },
    authorization: {
      type: "object",
      properties: {
        channel: str,
        receiver_bank_account_number: nullableStr,
        receiver_bank: nullableStr,
        // Guide fields (dedicated-virtual-account/event-snippet), not in the OpenAPI document:
        sender_name: nullableStr,
        sender_bank: nullableStr,
        sender_bank_account_number: nullableStr,
      },
    },
    customer: obj({ id: int, email: str, customer_code: str }),
  },
  required: ["id", "status", "reference", "amount", "fees", "channel", "currency", "paid_at", "authorization", "customer"],
} as const;

/** The refund fields the client reads (RefundListResponseArray, RefundFetchResponse.data). */
const refundRead = obj({ id: int, status: str, amount: int, merchant_note: str, transaction_reference: str, transaction: int });

export const OPERATIONS: readonly OperationSubset[] = [
  {
    operationId: "bank_resolveAccountNumber",
    method: "GET",
    path: "/bank/resolve",
    request: { query: obj({ account_number: digits, bank_code: digits }) },
    responses: { "200": envelope(obj({ account_number: str, account_name: str, bank_id: int }, ["account_number", "account_name"])), "4xx": ERROR_SCHEMA },
  },
  {
    operationId: "transferrecipient_create",
    method: "POST",
    path: "/transferrecipient",
    request: {
      body: obj(
        {
          type: { type: "string", enum: ["nuban", "ghipss", "mobile_money", "basa", "authorization"] },
          name: str,
          account_number: str,
          bank_code: str,
          currency: str,
          metadata: { type: "object" },
        },
        ["type", "name", "account_number", "bank_code"],
      ),
    },
    responses: {
      "201": envelope(
        obj({
          recipient_code: str,
          id: int,
          type: str,
          details: obj({ account_number: nullableStr, bank_code: str, account_name: nullableStr, bank_name: str }),
        }),
      ),
      "4xx": ERROR_SCHEMA,
    },
  },
  {
    operationId: "transfer_initiate",
    method: "POST",
    path: "/transfer",
    request: {
      body: obj(
        {
          source: str,
          amount: int,
          recipient: str,
          reference: { type: "string", pattern: "^[a-z0-9_-]{16,50}$" },
          reason: str,
          currency: { type: "string", enum: ["NGN", "ZAR", "KES", "GHS"] },
        },
        ["source", "amount", "recipient", "reference"],
      ),
    },
    responses: {
      "200": envelope(
        obj({ reference: str, status: { type: "string", enum: [...TRANSFER_STATUSES] }, amount: int, transfer_code: str, id: int, currency: str }),
      ),
      "4xx": ERROR_SCHEMA,
    },
  },
  {
    operationId: "transfer_verify",
    method: "GET",
    path: "/transfer/verify/{reference}",
    request: { pathParams: obj({ reference: str }) },
    responses: { "200": envelope(transferRead), "4xx": ERROR_SCHEMA },
  },
  {
    operationId: "transfer_list",
    method: "GET",
    path: "/transfer",
    request: {
      query: {
        type: "object",
        properties: {
          per_page: digits,
          perPage: digits,
          page: digits,
          from: isoDateTime,
          to: isoDateTime,
          status: { type: "string", enum: [...TRANSFER_STATUSES] },
        },
      },
    },
    responses: { "200": envelope({ type: "array", items: obj({ reference: str, status: str, amount: int }) }), "4xx": ERROR_SCHEMA },
  },
  {
    operationId: "balance_fetch",
    method: "GET",
    path: "/balance",
    responses: { "200": envelope({ type: "array", items: obj({ currency: str, balance: int }) }), "4xx": ERROR_SCHEMA },
  },
  {
    operationId: "transaction_verify",
    method: "GET",
    path: "/transaction/verify/{reference}",
    request: { pathParams: obj({ reference: str }) },
    responses: { "200": envelope(transactionRead), "4xx": ERROR_SCHEMA },
  },
  {
    operationId: "transaction_list",
    method: "GET",
    path: "/transaction",
    request: {
      query: {
        type: "object",
        properties: {
          per_page: digits,
          perPage: digits,
          page: digits,
          from: isoDateTime,
          to: isoDateTime,
          status: { type: "string", enum: ["success", "failed", "abandoned", "reversed"] },
        },
      },
    },
    responses: { "200": envelope({ type: "array", items: obj({ reference: str, status: str, amount: int }) }), "4xx": ERROR_SCHEMA },
  },
  {
    operationId: "charge_create",
    method: "POST",
    path: "/charge",
    source: "PaystackOSS/doc-code-snippets src/doc/payments/payment-methods/pwt (index.sh request, index.json answer)",
    request: {
      body: obj(
        {
          email: str,
          amount: int,
          reference: { type: "string", pattern: "^[A-Za-z0-9.=-]+$" },
          metadata: { type: "object" },
          bank_transfer: obj({ account_expires_at: isoDateTime }),
        },
        ["email", "amount", "bank_transfer"],
      ),
    },
    responses: {
      "200": envelope(
        obj({
          reference: str,
          status: { const: "pending_bank_transfer" },
          display_text: str,
          account_name: str,
          account_number: { type: "string", pattern: "^\\d{10}$" },
          bank: bankObject,
          account_expires_at: nullableStr,
        }),
      ),
      "4xx": ERROR_SCHEMA,
    },
  },
  {
    operationId: "customer_create",
    method: "POST",
    path: "/customer",
    request: { body: obj({ email: str, first_name: str, last_name: str, phone: str }, ["email"]) },
    responses: { "200": envelope(obj({ email: str, customer_code: str, id: int })), "4xx": ERROR_SCHEMA },
  },
  {
    operationId: "dedicatedAccount_create",
    method: "POST",
    path: "/dedicated_account",
    request: { body: obj({ customer: str, preferred_bank: str, subaccount: str, split_code: str }, ["customer"]) },
    responses: {
      "200": envelope(
        obj({
          bank: bankObject,
          account_name: str,
          account_number: str,
          assigned: bool,
          active: bool,
          id: int,
          currency: str,
          customer: obj({ id: int, customer_code: str }),
        }),
      ),
      "4xx": ERROR_SCHEMA,
    },
  },
  {
    operationId: "dedicatedAccount_list",
    method: "GET",
    path: "/dedicated_account",
    request: {
      query: {
        type: "object",
        properties: {
          active: { type: "string", enum: ["true", "false"] },
          customer: str,
          currency: { type: "string", enum: ["NGN", "GHS"] },
          provider_slug: str,
          bank_id: str,
          perPage: digits,
          page: digits,
        },
      },
    },
    responses: {
      "200": envelope({
        type: "array",
        items: obj({ bank: bankObject, id: int, account_name: str, account_number: str, active: bool, customer: obj({ id: int, customer_code: str }) }),
      }),
      "4xx": ERROR_SCHEMA,
    },
  },
  {
    operationId: "refund_create",
    method: "POST",
    path: "/refund",
    request: {
      body: obj(
        { transaction: str, amount: int, currency: { type: "string", enum: ["GHS", "KES", "NGN", "USD", "ZAR"] }, customer_note: str, merchant_note: str },
        ["transaction"],
      ),
    },
    responses: {
      "200": envelope(obj({ id: int, status: str, amount: int, merchant_note: str, transaction: obj({ id: int, reference: str }) })),
      "4xx": ERROR_SCHEMA,
    },
  },
  {
    operationId: "refund_list",
    method: "GET",
    path: "/refund",
    source: "`transaction` from the List Refunds reference (paystack.com/docs/api/refund/#list); the rest from the OpenAPI document",
    request: { query: { type: "object", properties: { transaction: str, perPage: digits, page: digits, from: isoDateTime, to: isoDateTime } } },
    responses: { "200": envelope({ type: "array", items: refundRead }, { meta: obj({ total: int, page: int }) }), "4xx": ERROR_SCHEMA },
  },
  {
    operationId: "refund_fetch",
    method: "GET",
    path: "/refund/{id}",
    request: { pathParams: obj({ id: digits }) },
    responses: { "200": envelope(refundRead), "4xx": ERROR_SCHEMA },
  },
];

/** The webhook bodies the client reads (PaystackOSS/doc-code-snippets `src/doc/payments/webhooks/events/*.json`). */
export const WEBHOOKS: Record<string, JsonSchema> = {
  "charge.success": obj({ event: { const: "charge.success" }, data: transactionRead }),
  "transfer.success": obj({
    event: { const: "transfer.success" },
    data: { ...transferRead, required: ["reference", "status", "amount", "transfer_code", "id"] },
  }),
  "transfer.failed": obj({
    event: { const: "transfer.failed" },
    data: { ...transferRead, required: ["reference", "status", "amount", "transfer_code", "id"] },
  }),
  "transfer.reversed": obj({
    event: { const: "transfer.reversed" },
    data: { ...transferRead, required: ["reference", "status", "amount", "transfer_code", "id"] },
  }),
  "bank.transfer.rejected": obj({
    event: { const: "bank.transfer.rejected" },
    data: obj({ bank_transfer: obj({ amount: str, message: str, message_type: str, transaction_id: str }), customer: obj({ email: str, customer_code: str }) }),
  }),
  "refund.processed": obj({
    event: { const: "refund.processed" },
    data: obj({ status: str, transaction_reference: str, refund_reference: str, amount: str, currency: str }),
  }),
};

/** The operation a recorded call is an instance of, with its path parameters; null when the subset has none. */
export function matchOperation(method: string, path: string): { op: OperationSubset; params: Record<string, string> } | null {
  for (const op of OPERATIONS) {
    if (op.method !== method.toUpperCase()) continue;
    const names: string[] = [];
    const re = new RegExp(`^${op.path.replace(/\{([A-Za-z_]+)\}/g, (_m, n: string) => (names.push(n), "([^/]+)"))}/?$`);
    const m = re.exec(path);
    if (m) return { op, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
  }
  return null;
}
