import type { NairaFieldRules } from "@/lib/money";

/** The largest virtual-account amount, in naira (api.md Limits). */
export const VIRTUAL_ACCOUNT_MAX_NAIRA = 10_000_000_000;

/** "New virtual account"'s amount field: the API's limit, named when an amount breaks it. */
export const VIRTUAL_ACCOUNT_AMOUNT_FIELD: NairaFieldRules = {
  maxKobo: VIRTUAL_ACCOUNT_MAX_NAIRA * 100,
  maxLabel: "the largest virtual account amount",
};
