import type { NairaFieldRules } from "@/lib/money";

/**
 * Sandbox funding's limits in kobo (POST /v1/sandbox/wallet/fund): kept apart from the command
 * so the dashboard's naira field (a client component) names the same limits without importing
 * the database.
 */
export const FUND_WALLET_LIMITS = { minKobo: 100, maxKobo: 100_000_000_000 } as const;

/** The dashboard's fund-wallet amount: the same limits, named in the refusal. */
export const FUND_WALLET_FIELD: NairaFieldRules = {
  ...FUND_WALLET_LIMITS,
  minLabel: "the smallest amount you can fund",
  maxLabel: "the most you can fund at once",
};
