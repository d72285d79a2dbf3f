import { z } from "zod";
import { pagingQueryFields } from "@/lib/paging";
import { AMOUNT_VALIDATIONS, VIRTUAL_ACCOUNT_STATUSES } from "@/db/schema";
import { nairaToKobo } from "@/lib/money";

/** api.md limits: validity default 4320 minutes, max 4320. */
export const MAX_VALIDITY_MINUTES = 4320;
/** Far above any real transfer; keeps kobo well inside a safe integer. */
const MAX_NAIRA = 10_000_000_000;

const AMOUNT_SHAPE = 'amount must be a naira amount such as "1500.00"';

/**
 * `amount` in naira, exactly as api.md says (a decimal string), or a number (supplement §7:
 * the SDK sends a numeric amount; it means the same naira). Positive, at most two decimals;
 * the output is integer kobo, converted without floating point.
 */
export const NairaAmount = z
  .union([z.string(), z.number()], { error: (i) => (i.input === undefined ? "amount is required" : AMOUNT_SHAPE) })
  .transform((value, ctx) => {
    let text: string;
    if (typeof value === "number") {
      if (!Number.isFinite(value)) text = "";
      // A number with more than two decimals is refused rather than rounded.
      else text = Number(value.toFixed(2)) === value ? value.toFixed(2) : "x";
    } else {
      text = value.trim();
    }
    if (text === "x") {
      ctx.addIssue({ code: "custom", message: "amount must have at most two decimals" });
      return z.NEVER;
    }
    const m = /^(\d+)(?:\.\d{1,2})?$/.exec(text);
    if (!m) {
      ctx.addIssue({ code: "custom", message: /^\d+\.\d{3,}$/.test(text) ? "amount must have at most two decimals" : AMOUNT_SHAPE });
      return z.NEVER;
    }
    if (Number(m[1]) > MAX_NAIRA) {
      ctx.addIssue({ code: "custom", message: `amount must be at most ${MAX_NAIRA}` });
      return z.NEVER;
    }
    const kobo = nairaToKobo(text);
    if (kobo <= 0) {
      ctx.addIssue({ code: "custom", message: "amount must be greater than 0" });
      return z.NEVER;
    }
    return kobo;
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
