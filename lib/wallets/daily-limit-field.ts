import type { NairaFieldRules } from "@/lib/money";

/**
 * A wallet's or a saved recipient's daily limit as the dashboard takes it (naira; empty is no
 * limit): at least ₦100.00 like the API's `daily_limit`, and at most ₦9,999,999,999.99.
 */
export const DAILY_LIMIT_FIELD: NairaFieldRules = {
  minKobo: 10_000,
  maxKobo: 999_999_999_999,
  minLabel: "the smallest daily limit",
  maxLabel: "the largest daily limit",
};
