import { z } from "zod";
import { pagingQueryFields } from "@/lib/lists/paging";
import { IDENTITY_TYPES, STATIC_ACCOUNT_STATUSES } from "@/db/schema";
import { normaliseIdentityNumber } from "./identity-number";

const trimmed = (field: string, min: number, max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(min, min === 1 ? `${field} is required` : `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`);

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .transform((v) => (v ? v : undefined))
    .optional();

/** POST /v1/checkout/static-account (api.md create body; limits from api.md Limits). */
export const CreateStaticAccountBody = z
  .object({
    customer_name: trimmed("customer_name", 2, 200),
    identity_type: z.enum(IDENTITY_TYPES, { error: `identity_type must be one of ${IDENTITY_TYPES.join(", ")}` }),
    identity_number: z
      .string({ error: (i) => (i.input === undefined ? "identity_number is required" : "identity_number must be a string") })
      .max(40, "identity_number must be at most 40 characters")
      .transform(normaliseIdentityNumber),
    customer_email: z.email({ error: "customer_email must be an email address" }).max(255, "customer_email must be at most 255 characters").optional(),
    customer_phone: z
      .string({ error: "customer_phone must be a string" })
      .trim()
      .regex(/^\+?[0-9][0-9 -]{5,19}$/, "customer_phone must be a phone number")
      .optional(),
    account_name: optionalText("account_name", 200),
    reference: trimmed("reference", 1, 120),
    metadata: z.record(z.string(), z.unknown(), { error: "metadata must be an object" }).optional(),
  })
  .superRefine((b, ctx) => {
    const ok = b.identity_type === "rc" ? /^(RC|BN)\d{1,14}$/.test(b.identity_number) : /^\d{11}$/.test(b.identity_number);
    if (!ok) {
      ctx.addIssue({
        code: "custom",
        path: ["identity_number"],
        message:
          b.identity_type === "rc"
            ? "identity_number must be a CAC number: RC or BN followed by digits"
            : `identity_number must be an 11-digit ${b.identity_type.toUpperCase()}`,
      });
    }
  });
export type CreateStaticAccountBody = z.output<typeof CreateStaticAccountBody>;

const { page: Page, page_size: PageSize, starting_after: StartingAfter, ending_before: EndingBefore } = pagingQueryFields;

export const ListStaticAccountsQuery = z.object({
  page: Page,
  page_size: PageSize,
  starting_after: StartingAfter,
  ending_before: EndingBefore,
  status: z.enum(STATIC_ACCOUNT_STATUSES, { error: `status must be one of ${STATIC_ACCOUNT_STATUSES.join(", ")}` }).optional(),
  search: z.string().trim().max(200, "search must be at most 200 characters").optional(),
});
export type ListStaticAccountsQuery = z.output<typeof ListStaticAccountsQuery>;

export const PagingQuery = z.object({ page: Page, page_size: PageSize, starting_after: StartingAfter, ending_before: EndingBefore });
export type PagingQuery = z.output<typeof PagingQuery>;
