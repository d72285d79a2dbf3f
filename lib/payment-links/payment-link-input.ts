import { z } from "zod";
import { LINK_COLLECT_FIELDS } from "@/db/schema";
import { pagingQueryFields } from "@/lib/lists/paging";
import { koboSchema } from "@/lib/money";
import { LINK_MAX_KOBO, LINK_MIN_KOBO } from "./link-limits";
import { httpUrl } from "@/lib/validation";

export { LINK_MAX_KOBO, LINK_MAX_QUANTITY, LINK_MIN_KOBO } from "./link-limits";

const kobo = (field: string) =>
  koboSchema(field, {
    min: LINK_MIN_KOBO,
    max: LINK_MAX_KOBO,
    messages: { min: `${field} must be an integer of at least ${LINK_MIN_KOBO}`, max: `${field} must be at most ${LINK_MAX_KOBO}` },
  });

const fields = {
  title: z
    .string({ error: (i) => (i.input === undefined ? "title is required" : "title must be a string") })
    .trim()
    .min(1, "title must not be empty")
    .max(255, "title must be at most 255 characters"),
  description: z.string({ error: "description must be a string" }).trim().max(2000, "description must be at most 2000 characters").nullish(),
  amount: kobo("amount").nullish(),
  min_amount: kobo("min_amount").nullish(),
  max_amount: kobo("max_amount").nullish(),
  collect_fields: z
    .array(z.enum(LINK_COLLECT_FIELDS, { error: `collect_fields must be among ${LINK_COLLECT_FIELDS.join(", ")}` }), {
      error: "collect_fields must be an array",
    })
    .transform((xs) => [...new Set(xs)]),
  allow_quantity: z.boolean({ error: "allow_quantity must be a boolean" }),
  redirect_url: z
    .string({ error: "redirect_url must be a string" })
    .trim()
    .max(2048, "redirect_url must be at most 2048 characters")
    .refine(httpUrl, "redirect_url must be an http or https URL")
    .nullish(),
  is_active: z.boolean({ error: "is_active must be a boolean" }),
  metadata: z.record(z.string(), z.unknown(), { error: "metadata must be an object" }).nullish(),
};

/** A link's amount rule as given: a fixed `amount`, or the customer's choice within `min_amount`..`max_amount`. */
type AmountFields = { amount?: number | null; min_amount?: number | null; max_amount?: number | null };

/** The amount rule's own problems: both kinds at once, or a minimum above the maximum. */
export function amountRuleProblem(b: AmountFields): string | null {
  if (b.amount != null && (b.min_amount != null || b.max_amount != null))
    return "Give either amount (a fixed price) or min_amount and max_amount (the customer chooses), not both";
  if (b.min_amount != null && b.max_amount != null && b.min_amount > b.max_amount) return "min_amount must not be more than max_amount";
  return null;
}

const checkAmountRule = (b: AmountFields, ctx: z.RefinementCtx) => {
  const problem = amountRuleProblem(b);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
};

/**
 * POST /v1/checkout/payment-links (and the dashboard's form). Amounts in kobo; with no
 * `amount` the customer chooses, from `min_amount` (default 100) to `max_amount` (none when omitted).
 */
export const CreatePaymentLinkBody = z
  .object({
    ...fields,
    collect_fields: fields.collect_fields.optional().default([]),
    allow_quantity: fields.allow_quantity.optional().default(false),
    is_active: fields.is_active.optional().default(true),
  })
  .superRefine(checkAmountRule);
export type CreatePaymentLinkBody = z.output<typeof CreatePaymentLinkBody>;

/**
 * PUT and PATCH /v1/checkout/payment-links/:id: only the fields given change. `amount: null`
 * turns a fixed price into the customer's choice; an `amount` turns a range into a fixed price.
 */
export const UpdatePaymentLinkBody = z
  .object({
    title: fields.title.optional(),
    description: fields.description,
    amount: fields.amount,
    min_amount: fields.min_amount,
    max_amount: fields.max_amount,
    collect_fields: fields.collect_fields.optional(),
    allow_quantity: fields.allow_quantity.optional(),
    redirect_url: fields.redirect_url,
    is_active: fields.is_active.optional(),
    metadata: fields.metadata,
  })
  .superRefine(checkAmountRule);
export type UpdatePaymentLinkBody = z.output<typeof UpdatePaymentLinkBody>;

/** GET /v1/checkout/payment-links: paged like every list; search the title or slug; filter by state. */
export const ListPaymentLinksQuery = z.object({
  ...pagingQueryFields,
  search: z.string().trim().max(128, "search must be at most 128 characters").optional(),
  is_active: z
    .enum(["true", "false"], { error: "is_active must be true or false" })
    .transform((v) => v === "true")
    .optional(),
});
export type ListPaymentLinksQuery = z.output<typeof ListPaymentLinksQuery>;
