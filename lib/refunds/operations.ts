/** The /v1 operations of refunds (a static account's, every channel's, and the sandbox's decisions), each declared once: route files, the OpenAPI document and the typed client read them. */
import { defineOperation } from "@/lib/operation";
import { ListRefundsQuery, RequestPaymentRefundBody, RequestRefundBody, SandboxRejectRefundBody } from "./refund-input";
import { assertStaticAccountsEnabled } from "@/lib/static-accounts/product-state";
import { RefundPageSchema, RefundSchema } from "@/lib/static-accounts/refund-view";

export const requestRefundOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/static-account/{id}/payments/{paymentId}/refund",
  operationId: "requestRefund",
  summary: "Refund a static-account payment to its payer",
  tag: "Static NGN accounts",
  productGate: true,
  body: RequestRefundBody,
  response: RefundSchema,
  errors: { 400: ["REFUND_NOT_ALLOWED", "ALREADY_REFUNDED", "ACCOUNT_DELETED"], 404: ["NOT_FOUND"], 503: ["RAIL_UNAVAILABLE"] },
});

export const listRefundsOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/static-account/refunds",
  operationId: "listRefunds",
  summary: "List refunds",
  tag: "Static NGN accounts",
  staticAccounts: assertStaticAccountsEnabled,
  query: ListRefundsQuery,
  response: RefundPageSchema,
});

export const getRefundOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/static-account/refunds/{refundId}",
  operationId: "getRefund",
  summary: "Get a refund",
  tag: "Static NGN accounts",
  staticAccounts: assertStaticAccountsEnabled,
  response: RefundSchema,
  errors: { 404: ["NOT_FOUND"] },
});

export const requestPaymentRefundOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/refunds",
  operationId: "requestPaymentRefund",
  summary: "Refund a completed payment to its payer, whole or in part",
  description:
    "Refunds the payment named by its transaction `reference` (as in `charge.success`), on any channel: the whole payment, or `amount` kobo of it (at least 100). A payment may have several refunds while those not `rejected` or `failed` sum to at most its amount (more: `REFUND_EXCEEDS_PAYMENT`). The money is held in the wallet at once: a refund of the whole payment holds its net (amount less fees), and on approval the collection fee comes back out of Owo's fee revenue; a partial refund holds exactly its amount and returns no fee (a static-account payment is refunded whole, held from settlement). Owo reviews a live refund; a test-mode refund is decided by the merchant (`POST /v1/sandbox/refunds/{id}/approve` or `/reject`). On approval the payer is paid back and `charge.refunded` is sent with the payment's `channel`, `amount` (the payment's) and `refunded_amount` (this refund's); the payment becomes `refunded` once its refunds cover its whole amount. A rejected request releases the hold and sends nothing. Asking again without `amount`, or with an open refund's amount, answers that open refund.",
  tag: "Refunds",
  body: RequestPaymentRefundBody,
  response: RefundSchema,
  errors: { 400: ["INSUFFICIENT_FUNDS", "ALREADY_REFUNDED", "REFUND_EXCEEDS_PAYMENT", "REFUND_NOT_ALLOWED"], 404: ["NOT_FOUND"], 503: ["RAIL_UNAVAILABLE"] },
});

export const listPaymentRefundsOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/refunds",
  operationId: "listPaymentRefunds",
  summary: "List refunds of every channel",
  description:
    "The refunds of this key's merchant and mode, static-account payments' included, newest first; `payment_id` is each payment's transaction reference.",
  tag: "Refunds",
  query: ListRefundsQuery,
  response: RefundPageSchema,
});

export const getPaymentRefundOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/refunds/{id}",
  operationId: "getPaymentRefund",
  summary: "Get a refund of any channel",
  tag: "Refunds",
  response: RefundSchema,
  errors: { 404: ["NOT_FOUND"] },
});

export const approveSandboxRefundOp = defineOperation({
  method: "POST",
  path: "/v1/sandbox/refunds/{id}/approve",
  operationId: "approveSandboxRefund",
  summary: "Approve your own test-mode refund",
  description:
    "A test-mode refund is decided by the merchant, so an integrator can finish a refund without an operator (live refunds are reviewed by Owo). The states and events are the live ones: the payer is paid back at the sandbox bank and `charge.refunded` is sent; the answer is the Refund as it stands (`completed`, or `failed` when the sandbox bank refuses the payer's account).",
  tag: "Sandbox",
  sandbox: true,
  response: RefundSchema,
  errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"] },
});

export const rejectSandboxRefundOp = defineOperation({
  method: "POST",
  path: "/v1/sandbox/refunds/{id}/reject",
  operationId: "rejectSandboxRefund",
  summary: "Reject your own test-mode refund",
  description: "Declines a requested test-mode refund with `rejection_reason`: the held money goes back to the wallet and no event is sent.",
  tag: "Sandbox",
  sandbox: true,
  body: SandboxRejectRefundBody,
  response: RefundSchema,
  errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"] },
});
