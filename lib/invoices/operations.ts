/** The /v1 operations of invoices, each declared once: route files, the OpenAPI document and the typed client read them. */
import { defineOperation } from "@/lib/operation";
import { CreateInvoiceBody, ListInvoicesQuery, UpdateInvoiceBody } from "./invoice-input";
import { InvoicePageSchema, InvoiceSchema } from "./invoice-view";

export const createInvoiceOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/invoice",
  operationId: "createInvoice",
  summary: "Create an invoice",
  description: "A draft, or sent at once with `send: true`. Amounts in kobo; totals computed by Owo.",
  tag: "Invoices",
  permission: "invoices",
  body: CreateInvoiceBody,
  response: InvoiceSchema,
  errors: { 409: ["REFERENCE_CONFLICT"] },
});

export const listInvoicesOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/invoice",
  operationId: "listInvoices",
  summary: "List invoices",
  tag: "Invoices",
  permission: "invoices",
  query: ListInvoicesQuery,
  response: InvoicePageSchema,
});

export const getInvoiceOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/invoice/{publicId}",
  operationId: "getInvoice",
  summary: "Get an invoice",
  tag: "Invoices",
  permission: "invoices",
  response: InvoiceSchema,
  errors: { 404: ["NOT_FOUND"] },
});

export const updateInvoiceOp = defineOperation({
  method: "PUT",
  path: "/v1/checkout/invoice/{publicId}",
  operationId: "updateInvoice",
  summary: "Update a draft invoice",
  tag: "Invoices",
  permission: "invoices",
  body: UpdateInvoiceBody,
  response: InvoiceSchema,
  errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"], 409: ["REFERENCE_CONFLICT"] },
});

/** Alias of updateInvoice: the same key, permission, body and answer. */
export const patchInvoiceOp = defineOperation({
  ...updateInvoiceOp,
  method: "PATCH",
  path: "/v1/checkout/invoice/{publicId}",
  operationId: "patchInvoice",
  summary: "Update a draft invoice (alias of PUT)",
  description: "For the ZevPay SDK's `invoices->update()`: the same as PUT; only the fields given change.",
});

export const sendInvoiceOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/invoice/{publicId}/send",
  operationId: "sendInvoice",
  summary: "Send a draft invoice",
  tag: "Invoices",
  permission: "invoices",
  response: InvoiceSchema,
  errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"] },
});

export const pauseInvoiceOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/invoice/{publicId}/pause",
  operationId: "pauseInvoice",
  summary: "Pause an invoice (stop taking payment)",
  tag: "Invoices",
  permission: "invoices",
  response: InvoiceSchema,
  errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"] },
});

export const resumeInvoiceOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/invoice/{publicId}/resume",
  operationId: "resumeInvoice",
  summary: "Resume a paused invoice",
  tag: "Invoices",
  permission: "invoices",
  response: InvoiceSchema,
  errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"] },
});

export const cancelInvoiceOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/invoice/{publicId}/cancel",
  operationId: "cancelInvoice",
  summary: "Cancel an invoice",
  tag: "Invoices",
  permission: "invoices",
  response: InvoiceSchema,
  errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"] },
});

/** In the order the document lists them (lib/openapi/operations.ts). */
export const INVOICE_OPERATIONS = [
  createInvoiceOp,
  listInvoicesOp,
  getInvoiceOp,
  updateInvoiceOp,
  patchInvoiceOp,
  sendInvoiceOp,
  pauseInvoiceOp,
  resumeInvoiceOp,
  cancelInvoiceOp,
] as const;
