import { z } from "zod";
import { pagingQueryFields } from "@/lib/lists/paging";
import { AMOUNT_VALIDATIONS, DYNAMIC_PAY_ID_STATUSES } from "@/db/schema";
import { nairaNumberSchema } from "@/lib/money";
import { DYNAMIC_PAYID_MAX_NAIRA } from "./dynamic-payid-amount-field";

export const STATIC_SUFFIXES = [".spid", ".checkout"] as const;
export type StaticSuffix = (typeof STATIC_SUFFIXES)[number];

export const MAX_DYNAMIC_EXPIRY_MINUTES = 4320;
export const DEFAULT_DYNAMIC_EXPIRY_MINUTES = 1440;

const required = (field: string, what: string) => ({
  error: (i: { input: unknown }) => (i.input === undefined ? `${field} is required` : `${field} must be ${what}`),
});

const paging = {
  ...pagingQueryFields,
  search: z.string().trim().max(128, "search must be at most 128 characters").optional(),
};

const name = z.string(required("name", "a string")).trim().min(1, "name must not be empty").max(255, "name must be at most 255 characters");
const description = z.string({ error: "description must be a string" }).trim().max(2000, "description must be at most 2000 characters");

/** POST /v1/checkout/static-payid (and the dashboard's create form). */
export const CreateStaticPayIdBody = z.object({
  pay_id: z
    .string(required("pay_id", "a string"))
    .trim()
    .regex(/^[A-Za-z0-9._]{3,20}$/, "pay_id must be 3 to 20 characters: letters, digits, dots or underscores"),
  suffix: z.enum(STATIC_SUFFIXES, { error: (i) => (i.input === undefined ? "suffix is required" : "suffix must be one of .spid, .checkout") }),
  name,
  description: description.nullish(),
});
export type CreateStaticPayIdBody = z.output<typeof CreateStaticPayIdBody>;

/** PUT /v1/checkout/static-payid/:id: only what a merchant may rename. */
export const UpdateStaticPayIdBody = z.object({
  name: name.optional(),
  description: description.nullish(),
});
export type UpdateStaticPayIdBody = z.output<typeof UpdateStaticPayIdBody>;

export const ListStaticPayIdsQuery = z.object(paging);
export type ListStaticPayIdsQuery = z.output<typeof ListStaticPayIdsQuery>;

/** Naira with at most two decimals, as a number (api.md: "amount (number, naira)"); out in kobo. */
const nairaAmount = nairaNumberSchema({
  maxNaira: DYNAMIC_PAYID_MAX_NAIRA,
  messages: {
    type: "amount must be a number of naira",
    invalid: "amount must be a number of naira",
    zero: "amount must be greater than 0",
    too_large: `amount must be at most ${DYNAMIC_PAYID_MAX_NAIRA}`,
    decimals: "amount must have at most two decimal places",
  },
});

/** POST /v1/checkout/dynamic-payid (and the dashboard's create form). */
export const CreateDynamicPayIdBody = z.object({
  amount: nairaAmount.nullish(),
  amount_validation: z.enum(AMOUNT_VALIDATIONS, { error: `amount_validation must be one of ${AMOUNT_VALIDATIONS.join(", ")}` }).default("A4"),
  allow_multiple_payments: z.boolean({ error: "allow_multiple_payments must be a boolean" }).default(false),
  expires_in_minutes: z
    .number({ error: "expires_in_minutes must be an integer" })
    .int("expires_in_minutes must be an integer")
    .min(1, "expires_in_minutes must be at least 1")
    .max(MAX_DYNAMIC_EXPIRY_MINUTES, `expires_in_minutes must be at most ${MAX_DYNAMIC_EXPIRY_MINUTES}`)
    .default(DEFAULT_DYNAMIC_EXPIRY_MINUTES),
  name: name.optional(),
  metadata: z.record(z.string(), z.unknown(), { error: "metadata must be an object" }).nullish(),
});
export type CreateDynamicPayIdBody = z.output<typeof CreateDynamicPayIdBody>;

export const ListDynamicPayIdsQuery = z.object({
  ...paging,
  status: z.enum(DYNAMIC_PAY_ID_STATUSES, { error: `status must be one of ${DYNAMIC_PAY_ID_STATUSES.join(", ")}` }).optional(),
});
export type ListDynamicPayIdsQuery = z.output<typeof ListDynamicPayIdsQuery>;
