import type { NairaFieldRules } from "@/lib/money";

/** The largest dynamic PayID amount, in naira (api.md Limits). */
export const DYNAMIC_PAYID_MAX_NAIRA = 100_000_000;

/** "New dynamic PayID"'s amount field (optional): the API's limit, named when an amount breaks it. */
export const DYNAMIC_PAYID_AMOUNT_FIELD: NairaFieldRules = {
  maxKobo: DYNAMIC_PAYID_MAX_NAIRA * 100,
  maxLabel: "the largest dynamic PayID amount",
};
