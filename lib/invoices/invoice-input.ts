import { z } from "zod";
import { pagingQueryFields } from "@/lib/lists/paging";
import { DUE_DATE_ACTIONS, INVOICE_STATUSES } from "@/db/schema";
import { lagosDay } from "@/lib/lagos-day";
import { koboSchema } from "@/lib/money";

const required = (field: string, what: string) => ({
  error: (i: { input: unknown }) => (i.input === undefined ? `${field} is required` : `${field} must be ${what}`),
});

/** Largest invoice total we take (₦10bn): far above any real invoice, far below float trouble. */
export const MAX_INVOICE_TOTAL = 1_000_000_000_000;
export const MAX_LINE_ITEMS = 50;

/** Supplement §6 line item: `{description, quantity, unit_price}` (unit_price in kobo). */
export const InvoiceLineItemInput = z.object({
  description: z
    .string(required("line_items description", "a string"))
    .trim()
    .min(1, "line_items description must not be empty")
    .max(500, "line_items description must be at most 500 characters"),
  quantity: z
    .number(required("line_items quantity", "an integer of at least 1"))
    .int({ error: "line_items quantity must be an integer of at least 1" })
    .min(1, "line_items quantity must be an integer of at least 1")
    .max(1_000_000, "line_items quantity must be at most 1000000"),
  unit_price: koboSchema("line_items unit_price", {
    min: 0,
    max: MAX_INVOICE_TOTAL,
    messages: { min: "line_items unit_price must not be negative", max: `line_items unit_price must be at most ${MAX_INVOICE_TOTAL}` },
  }),
});
export type InvoiceLineItemInput = z.output<typeof InvoiceLineItemInput>;

const isIsoDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** Fields shared by create and update, each as the API names it. */
const fields = {
  customer_name: z
    .string(required("customer_name", "a string"))
    .trim()
    .min(1, "customer_name must not be empty")
    .max(255, "customer_name must be at most 255 characters"),
  customer_email: z
    .string(required("customer_email", "a valid email address"))
    .trim()
    .max(254, "customer_email must be at most 254 characters")
    .pipe(z.email("customer_email must be a valid email address")),
  line_items: z
    .array(InvoiceLineItemInput, required("line_items", "an array"))
    .min(1, "line_items must have at least 1 item")
    .max(MAX_LINE_ITEMS, `line_items must have at most ${MAX_LINE_ITEMS} items`),
  tax_rate: z
    .number({ error: "tax_rate must be a number (percent)" })
    .min(0, "tax_rate must be at least 0")
    .max(100, "tax_rate must be at most 100")
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "tax_rate must have at most two decimal places"),
  due_date: z
    .string(required("due_date", "an ISO date (YYYY-MM-DD)"))
    .trim()
    .refine(isIsoDate, "due_date must be an ISO date (YYYY-MM-DD)")
    .refine((v) => !isIsoDate(v) || v >= lagosDay(), "due_date must not be in the past"),
  note: z.string({ error: "note must be a string" }).max(2000, "note must be at most 2000 characters"),
  allow_partial_payments: z.boolean({ error: "allow_partial_payments must be a boolean" }),
  due_date_action: z.enum(DUE_DATE_ACTIONS, { error: `due_date_action must be one of ${DUE_DATE_ACTIONS.join(", ")}` }),
  merchant_reference: z
    .string({ error: "merchant_reference must be a string" })
    .trim()
    .min(1, "merchant_reference must not be empty")
    .max(255, "merchant_reference must be at most 255 characters"),
  metadata: z.record(z.string(), z.unknown(), { error: "metadata must be an object" }),
};

/** POST /v1/checkout/invoice (and the dashboard's create form). */
export const CreateInvoiceBody = z.object({
  customer_name: fields.customer_name,
  customer_email: fields.customer_email,
  line_items: fields.line_items,
  tax_rate: fields.tax_rate.nullish().transform((v) => v ?? 0),
  due_date: fields.due_date,
  note: fields.note.nullish().transform((v) => v ?? null),
  allow_partial_payments: fields.allow_partial_payments.nullish().transform((v) => v ?? false),
  due_date_action: fields.due_date_action.nullish().transform((v) => v ?? "none"),
  merchant_reference: fields.merchant_reference.nullish().transform((v) => v ?? null),
  metadata: fields.metadata.nullish().transform((v) => v ?? null),
  send: z
    .boolean({ error: "send must be a boolean" })
    .nullish()
    .transform((v) => v ?? false),
});
export type CreateInvoiceBody = z.output<typeof CreateInvoiceBody>;

/**
 * PUT /v1/checkout/invoice/:publicId: any create field but `send`; what is absent stays as it
 * is. `note`, `merchant_reference` and `metadata` can be cleared with null.
 */
export const UpdateInvoiceBody = z
  .object({
    customer_name: fields.customer_name.optional(),
    customer_email: fields.customer_email.optional(),
    line_items: fields.line_items.optional(),
    tax_rate: fields.tax_rate.optional(),
    due_date: fields.due_date.optional(),
    note: fields.note.nullish(),
    allow_partial_payments: fields.allow_partial_payments.optional(),
    due_date_action: fields.due_date_action.optional(),
    merchant_reference: fields.merchant_reference.nullish(),
    metadata: fields.metadata.nullish(),
    send: z.unknown().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.send !== undefined) ctx.addIssue({ code: "custom", message: "send is not accepted on update; use POST /v1/checkout/invoice/:publicId/send" });
  })
  .transform(({ send: _send, ...rest }) => rest);
export type UpdateInvoiceBody = z.output<typeof UpdateInvoiceBody>;

/** Statuses a list can filter by, plus `paused` (any status with paused: true). */
export const INVOICE_FILTERS = [...INVOICE_STATUSES, "paused"] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

export const ListInvoicesQuery = z.object({
  ...pagingQueryFields,
  status: z.enum(INVOICE_FILTERS, { error: `status must be one of ${INVOICE_FILTERS.join(", ")}` }).optional(),
  search: z.string().trim().max(128, "search must be at most 128 characters").optional(),
});
export type ListInvoicesQuery = z.output<typeof ListInvoicesQuery>;
