import { z } from "zod";
import { pagingQueryFields } from "@/lib/lists/paging";
import { AMOUNT_VALIDATIONS, VIRTUAL_ACCOUNT_STATUSES } from "@/db/schema";
import { nairaAmountSchema } from "@/lib/money";
import { VIRTUAL_ACCOUNT_MAX_NAIRA } from "./virtual-account-amount-field";

/** api.md limits: validity default 4320 minutes, max 4320. */
export const MAX_VALIDITY_MINUTES = 4320;
/** Far above any real transfer; keeps kobo well inside a safe integer. */
const MAX_NAIRA = VIRTUAL_ACCOUNT_MAX_NAIRA;

const AMOUNT_SHAPE = 'amount must be a naira amount such as "1500.00"';

/**
 * `amount` in naira, exactly as api.md says (a decimal string), or a number (supplement §7:
 * the SDK sends a numeric amount; it means the same naira). Positive, at most two decimals;
 * the output is integer kobo, converted without floating point.
 */
export const NairaAmount = nairaAmountSchema({
  maxKobo: MAX_NAIRA * 100,
  messages: {
    invalid: AMOUNT_SHAPE,
    required: "amount is required",
    decimals: "amount must have at most two decimals",
    too_large: `amount must be at most ${MAX_NAIRA}`,
    zero: "amount must be greater than 0",
  },
});

export const ValidityMinutes = z
  .number({ error: (i) => (i.input === undefined ? "validity_minutes is required" : "validity_minutes must be an integer") })
  .int("validity_minutes must be an integer")
  .min(1, "validity_minutes must be at least 1")
  .max(MAX_VALIDITY_MINUTES, `validity_minutes must be at most ${MAX_VALIDITY_MINUTES}`);

export const AmountValidationRule = z.enum(AMOUNT_VALIDATIONS, { error: `amount_validation must be one of ${AMOUNT_VALIDATIONS.join(", ")}` });

/** POST /v1/checkout/virtual-account. `amount` comes out in kobo. */
export const CreateVirtualAccountBody = z.object({
  amount: NairaAmount,
  validity_minutes: ValidityMinutes.default(MAX_VALIDITY_MINUTES),
  amount_validation: AmountValidationRule.optional(),
  metadata: z.record(z.string(), z.unknown(), { error: "metadata must be an object" }).optional(),
});
export type CreateVirtualAccountBody = z.output<typeof CreateVirtualAccountBody>;

export const ListVirtualAccountsQuery = z.object({
  ...pagingQueryFields,
  status: z.enum(VIRTUAL_ACCOUNT_STATUSES, { error: `status must be one of ${VIRTUAL_ACCOUNT_STATUSES.join(", ")}` }).optional(),
});
export type ListVirtualAccountsQuery = z.output<typeof ListVirtualAccountsQuery>;
