/** The /v1 operations of virtual accounts, each declared once: route files, the OpenAPI document and the typed client read them. */
import { defineOperation } from "@/lib/operation";
import { CreateVirtualAccountBody, ListVirtualAccountsQuery } from "./virtual-account-input";
import { VirtualAccountPageSchema, VirtualAccountSchema } from "./virtual-account-view";

export const createVirtualAccountOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/virtual-account",
  operationId: "createVirtualAccount",
  summary: "Issue a virtual account",
  tag: "Virtual accounts",
  permission: "virtual_account",
  body: CreateVirtualAccountBody,
  response: VirtualAccountSchema,
  errors: { 400: ["BANK_UNAVAILABLE"], 503: ["HTTP_ERROR", "RAIL_UNAVAILABLE"] },
});

export const listVirtualAccountsOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/virtual-account",
  operationId: "listVirtualAccounts",
  summary: "List virtual accounts",
  tag: "Virtual accounts",
  permission: "virtual_account",
  query: ListVirtualAccountsQuery,
  response: VirtualAccountPageSchema,
});

export const getVirtualAccountOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/virtual-account/{publicId}",
  operationId: "getVirtualAccount",
  summary: "Get a virtual account",
  tag: "Virtual accounts",
  permission: "virtual_account",
  response: VirtualAccountSchema,
  errors: { 404: ["NOT_FOUND"] },
});

/** In the order the document lists them (lib/openapi/operations.ts). */
export const VIRTUAL_ACCOUNT_OPERATIONS = [createVirtualAccountOp, listVirtualAccountsOp, getVirtualAccountOp] as const;
