/** The /v1 operations of dynamic and static PayIDs, each declared once: route files, the OpenAPI document and the typed client read them. */
import { defineOperation } from "@/lib/operation";
import { DynamicPayIdPageSchema, DynamicPayIdSchema } from "./dynamic-payid-view";
import { CreateDynamicPayIdBody, CreateStaticPayIdBody, ListDynamicPayIdsQuery, ListStaticPayIdsQuery, UpdateStaticPayIdBody } from "./payid-input";
import { StaticPayIdPageSchema, StaticPayIdSchema } from "./static-payid-view";
import { ActionResultSchema } from "@/lib/response-schema";

export const createDynamicPayIdOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/dynamic-payid",
  operationId: "createDynamicPayId",
  summary: "Create a dynamic PayID",
  tag: "Dynamic PayIDs",
  permission: "virtual_payid",
  body: CreateDynamicPayIdBody,
  response: DynamicPayIdSchema,
});

export const listDynamicPayIdsOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/dynamic-payid",
  operationId: "listDynamicPayIds",
  summary: "List dynamic PayIDs",
  tag: "Dynamic PayIDs",
  permission: "virtual_payid",
  query: ListDynamicPayIdsQuery,
  response: DynamicPayIdPageSchema,
});

export const getDynamicPayIdOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/dynamic-payid/{id}",
  operationId: "getDynamicPayId",
  summary: "Get a dynamic PayID",
  tag: "Dynamic PayIDs",
  permission: "virtual_payid",
  response: DynamicPayIdSchema,
  errors: { 404: ["NOT_FOUND"] },
});

export const deleteDynamicPayIdOp = defineOperation({
  method: "DELETE",
  path: "/v1/checkout/dynamic-payid/{id}",
  operationId: "deleteDynamicPayId",
  summary: "Deactivate a dynamic PayID",
  tag: "Dynamic PayIDs",
  permission: "virtual_payid",
  response: ActionResultSchema,
  errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"] },
});

/** Alias of deleteDynamicPayId: the same key, permission, body and answer. */
export const deactivateDynamicPayIdOp = defineOperation({
  ...deleteDynamicPayIdOp,
  method: "POST",
  path: "/v1/checkout/dynamic-payid/{id}/deactivate",
  operationId: "deactivateDynamicPayId",
  summary: "Deactivate a dynamic PayID (alias of DELETE)",
});

export const createStaticPayIdOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/static-payid",
  operationId: "createStaticPayId",
  summary: "Create a static PayID",
  tag: "Static PayIDs",
  permission: "virtual_payid",
  business: true,
  body: CreateStaticPayIdBody,
  response: StaticPayIdSchema,
  errors: { 409: ["PAY_ID_TAKEN"] },
});

export const listStaticPayIdsOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/static-payid",
  operationId: "listStaticPayIds",
  summary: "List static PayIDs",
  tag: "Static PayIDs",
  permission: "virtual_payid",
  business: true,
  query: ListStaticPayIdsQuery,
  response: StaticPayIdPageSchema,
});

export const getStaticPayIdOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/static-payid/{id}",
  operationId: "getStaticPayId",
  summary: "Get a static PayID",
  tag: "Static PayIDs",
  permission: "virtual_payid",
  business: true,
  response: StaticPayIdSchema,
  errors: { 404: ["NOT_FOUND"] },
});

export const updateStaticPayIdOp = defineOperation({
  method: "PUT",
  path: "/v1/checkout/static-payid/{id}",
  operationId: "updateStaticPayId",
  summary: "Rename a static PayID",
  tag: "Static PayIDs",
  permission: "virtual_payid",
  business: true,
  body: UpdateStaticPayIdBody,
  response: StaticPayIdSchema,
  errors: { 404: ["NOT_FOUND"] },
});

export const deleteStaticPayIdOp = defineOperation({
  method: "DELETE",
  path: "/v1/checkout/static-payid/{id}",
  operationId: "deleteStaticPayId",
  summary: "Deactivate a static PayID",
  tag: "Static PayIDs",
  permission: "virtual_payid",
  business: true,
  response: ActionResultSchema,
  errors: { 404: ["NOT_FOUND"] },
});

/** Alias of deleteStaticPayId: the same key, permission, body and answer. */
export const deactivateStaticPayIdOp = defineOperation({
  ...deleteStaticPayIdOp,
  method: "POST",
  path: "/v1/checkout/static-payid/{id}/deactivate",
  operationId: "deactivateStaticPayId",
  summary: "Deactivate a static PayID (alias of DELETE)",
});

export const reactivateStaticPayIdOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/static-payid/{id}/reactivate",
  operationId: "reactivateStaticPayId",
  summary: "Reactivate a static PayID",
  tag: "Static PayIDs",
  permission: "virtual_payid",
  business: true,
  response: ActionResultSchema,
  errors: { 404: ["NOT_FOUND"] },
});

/** In the order the document lists them (lib/openapi/operations.ts). */
export const PAYID_OPERATIONS = [
  createDynamicPayIdOp,
  listDynamicPayIdsOp,
  getDynamicPayIdOp,
  deleteDynamicPayIdOp,
  deactivateDynamicPayIdOp,
  createStaticPayIdOp,
  listStaticPayIdsOp,
  getStaticPayIdOp,
  updateStaticPayIdOp,
  deleteStaticPayIdOp,
  deactivateStaticPayIdOp,
  reactivateStaticPayIdOp,
] as const;
