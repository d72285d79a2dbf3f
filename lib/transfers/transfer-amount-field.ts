import type { NairaFieldRules } from "@/lib/money";

/** A transfer's amount limits in kobo (api.md: ₦100.00 to ₦5,000,000.00 per transfer). */
export const TRANSFER_AMOUNT_LIMITS = { minKobo: 10_000, maxKobo: 500_000_000 } as const;

/** "Send money"'s amount field: the same limits, named when an amount breaks one. */
export const TRANSFER_AMOUNT_FIELD: NairaFieldRules = {
  ...TRANSFER_AMOUNT_LIMITS,
  minLabel: "the smallest transfer",
  maxLabel: "the largest single transfer",
};
