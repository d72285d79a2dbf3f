/** The /v1 operations of static NGN accounts, each declared once: route files, the OpenAPI document and the typed client read them. */
import { defineOperation, type ErrorMap } from "@/lib/operation";
import { assertStaticAccountsEnabled } from "./product-state";
import { CreateStaticAccountBody, ListStaticAccountsQuery, PagingQuery } from "./static-account-input";
import { StaticAccountPaymentPageSchema } from "./static-account-payment-view";
import { StaticAccountPageSchema, StaticAccountProductStatusSchema, StaticAccountSchema } from "./static-account-view";

const STATIC_ACCOUNT_CHANGE: ErrorMap = { 400: ["ACCOUNT_DELETED", "ACCOUNT_SUSPENDED"], 404: ["NOT_FOUND"] };

export const getStaticAccountStatusOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/static-account/status",
  operationId: "getStaticAccountStatus",
  summary: "Whether static NGN accounts are enabled",
  description: "Always answers, whatever the product's state.",
  tag: "Static NGN accounts",
  response: StaticAccountProductStatusSchema,
});

export const createStaticAccountOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/static-account",
  operationId: "createStaticAccount",
  summary: "Create a static NGN account",
  description: "Idempotent on `reference`: the same reference answers the same account.",
  tag: "Static NGN accounts",
  productGate: true,
  body: CreateStaticAccountBody,
  response: StaticAccountSchema,
  errors: {
    400: ["IDENTITY_MISMATCH", "STATIC_ACCOUNT_REJECTED"],
    409: ["REFERENCE_IN_USE"],
    429: ["STATIC_ACCOUNT_RATE_LIMITED"],
    503: ["IDENTITY_CHECK_UNAVAILABLE", "STATIC_ACCOUNT_UNAVAILABLE", "RAIL_UNAVAILABLE"],
  },
});

export const listStaticAccountsOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/static-account",
  operationId: "listStaticAccounts",
  summary: "List static NGN accounts",
  tag: "Static NGN accounts",
  staticAccounts: assertStaticAccountsEnabled,
  query: ListStaticAccountsQuery,
  response: StaticAccountPageSchema,
});

export const getStaticAccountOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/static-account/{id}",
  operationId: "getStaticAccount",
  summary: "Get a static NGN account",
  tag: "Static NGN accounts",
  staticAccounts: assertStaticAccountsEnabled,
  response: StaticAccountSchema,
  errors: { 404: ["NOT_FOUND"] },
});

export const deleteStaticAccountOp = defineOperation({
  method: "DELETE",
  path: "/v1/checkout/static-account/{id}",
  operationId: "deleteStaticAccount",
  summary: "Delete a static NGN account (permanent)",
  tag: "Static NGN accounts",
  productGate: true,
  response: StaticAccountSchema,
  errors: STATIC_ACCOUNT_CHANGE,
});

export const disableStaticAccountOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/static-account/{id}/disable",
  operationId: "disableStaticAccount",
  summary: "Disable a static NGN account",
  tag: "Static NGN accounts",
  productGate: true,
  response: StaticAccountSchema,
  errors: STATIC_ACCOUNT_CHANGE,
});

export const enableStaticAccountOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/static-account/{id}/enable",
  operationId: "enableStaticAccount",
  summary: "Enable a disabled static NGN account",
  tag: "Static NGN accounts",
  productGate: true,
  response: StaticAccountSchema,
  errors: STATIC_ACCOUNT_CHANGE,
});

export const listStaticAccountPaymentsOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/static-account/{id}/payments",
  operationId: "listStaticAccountPayments",
  summary: "List a static NGN account's payments",
  tag: "Static NGN accounts",
  staticAccounts: assertStaticAccountsEnabled,
  query: PagingQuery,
  response: StaticAccountPaymentPageSchema,
  errors: { 404: ["NOT_FOUND"] },
});

/** In the order the document lists them (lib/openapi/operations.ts). */
export const STATIC_ACCOUNT_OPERATIONS = [
  getStaticAccountStatusOp,
  createStaticAccountOp,
  listStaticAccountsOp,
  getStaticAccountOp,
  deleteStaticAccountOp,
  disableStaticAccountOp,
  enableStaticAccountOp,
  listStaticAccountPaymentsOp,
] as const;
