/** The /v1 operations of checkout sessions, each declared once: route files, the OpenAPI document and the typed client read them. */
import { defineOperation, type ErrorMap } from "@/lib/operation";
import { verifyRead } from "./verify-session";
import { InitializeSessionBody, SelectPaymentMethodBody, SwitchBankBody } from "./session-input";
import { BankTransferDetailsSchema, PaymentDetailsSchema, SessionInitializeSchema, SessionSchema, SessionVerifySchema } from "./session-views";

const SESSION_ERRORS: ErrorMap = { 400: ["HTTP_ERROR"], 404: ["HTTP_ERROR"] };

export const initializeSessionOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/session/initialize",
  operationId: "initializeSession",
  summary: "Create a checkout session",
  description: "Secret or public key. Counts against the key's initialize limit as well as its request limit.",
  tag: "Checkout sessions",
  keys: "any",
  permission: "checkout",
  limit: "initialize",
  body: InitializeSessionBody,
  response: SessionInitializeSchema,
  errors: { 400: ["HTTP_ERROR"], 409: ["REFERENCE_CONFLICT"] },
  countInHandler: true,
});

export const getSessionOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/session/{sessionId}",
  operationId: "getSession",
  summary: "Get a session",
  tag: "Checkout sessions",
  keys: "any",
  permission: "checkout",
  response: SessionSchema,
  errors: SESSION_ERRORS,
});

export const verifySessionOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/session/{sessionId}/verify",
  operationId: "verifySession",
  summary: "Verify a session's payment",
  description: "The session's status; an expired session is marked expired before the answer.",
  tag: "Checkout sessions",
  keys: "any",
  permission: "checkout",
  response: SessionVerifySchema,
  errors: SESSION_ERRORS,
  // The session row travels with the rate-limit count: one round trip to Postgres.
  prefetch: (params) => verifyRead(params.sessionId ?? ""),
});

export const selectPaymentMethodOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/session/{sessionId}/payment-method",
  operationId: "selectPaymentMethod",
  summary: "Choose how the customer pays",
  description: "Issues (or reuses) the account number or PayID the customer pays to.",
  tag: "Checkout sessions",
  keys: "any",
  permission: "checkout",
  body: SelectPaymentMethodBody,
  response: PaymentDetailsSchema,
  errors: { ...SESSION_ERRORS, 400: ["HTTP_ERROR", "BANK_UNAVAILABLE"], 503: ["HTTP_ERROR", "BANK_SWITCH_FAILED", "RAIL_UNAVAILABLE"] },
});

export const switchBankOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/session/{sessionId}/switch-bank",
  operationId: "switchBank",
  summary: "Move the session's account to another partner bank",
  tag: "Checkout sessions",
  keys: "any",
  permission: "checkout",
  body: SwitchBankBody,
  response: BankTransferDetailsSchema,
  errors: { ...SESSION_ERRORS, 400: ["HTTP_ERROR", "BANK_UNAVAILABLE", "INVALID_STATE"], 503: ["HTTP_ERROR", "BANK_SWITCH_FAILED", "RAIL_UNAVAILABLE"] },
});

/** In the order the document lists them (lib/openapi/operations.ts). */
export const SESSION_OPERATIONS = [initializeSessionOp, getSessionOp, verifySessionOp, selectPaymentMethodOp, switchBankOp] as const;
