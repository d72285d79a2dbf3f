/** The /v1 operations of payment links, each declared once: route files, the OpenAPI document and the typed client read them. */
import { defineOperation } from "@/lib/operation";
import { CreatePaymentLinkBody, ListPaymentLinksQuery, UpdatePaymentLinkBody } from "./payment-link-input";
import { PaymentLinkPageSchema, PaymentLinkSchema } from "./payment-link-view";

export const createPaymentLinkOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/payment-links",
  operationId: "createPaymentLink",
  summary: "Create a payment link",
  description:
    "A page at `/l/<slug>` for a fixed `amount`, or (no `amount`) the customer's choice from `min_amount` (default 100) to `max_amount`. Amounts in kobo. Its payments are checkout sessions owned by this key; `charge.success` carries `metadata.payment_link_id`.",
  tag: "Payment links",
  permission: "checkout",
  body: CreatePaymentLinkBody,
  response: PaymentLinkSchema,
});

export const listPaymentLinksOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/payment-links",
  operationId: "listPaymentLinks",
  summary: "List payment links",
  tag: "Payment links",
  permission: "checkout",
  query: ListPaymentLinksQuery,
  response: PaymentLinkPageSchema,
});

export const getPaymentLinkOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/payment-links/{id}",
  operationId: "getPaymentLink",
  summary: "Get a payment link",
  tag: "Payment links",
  permission: "checkout",
  response: PaymentLinkSchema,
  errors: { 404: ["NOT_FOUND"] },
});

export const updatePaymentLinkOp = defineOperation({
  method: "PUT",
  path: "/v1/checkout/payment-links/{id}",
  operationId: "updatePaymentLink",
  summary: "Update a payment link",
  description:
    "Only the fields given change. `amount: null` lets the customer choose; an `amount` fixes the price; `is_active: false` stops it taking payments.",
  tag: "Payment links",
  permission: "checkout",
  body: UpdatePaymentLinkBody,
  response: PaymentLinkSchema,
  errors: { 404: ["NOT_FOUND"] },
});

/** Alias of updatePaymentLink: the same key, permission, body and answer. */
export const patchPaymentLinkOp = defineOperation({
  ...updatePaymentLinkOp,
  method: "PATCH",
  path: "/v1/checkout/payment-links/{id}",
  operationId: "patchPaymentLink",
  summary: "Update a payment link (alias of PUT)",
  description: "The same as PUT; only the fields given change.",
});

/** In the order the document lists them (lib/openapi/operations.ts). */
export const PAYMENT_LINK_OPERATIONS = [createPaymentLinkOp, listPaymentLinksOp, getPaymentLinkOp, updatePaymentLinkOp, patchPaymentLinkOp] as const;
