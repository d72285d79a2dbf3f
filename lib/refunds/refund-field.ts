import type { NairaFieldRules } from "@/lib/money";

/** The smallest refund, in kobo (supplement §10: `amount` at least 100). */
export const MIN_REFUND_KOBO = 100;

/**
 * The dashboard's refund amount field (naira, parsed by lib/money): at least ₦1.00, at most what
 * the payment has left to refund. The server checks the sum again under the payment's lock.
 */
export function refundAmountField(remainingKobo: number): NairaFieldRules {
  return {
    minKobo: MIN_REFUND_KOBO,
    maxKobo: Math.max(remainingKobo, MIN_REFUND_KOBO),
    minLabel: "the smallest refund",
    maxLabel: "the most this payment has left to refund",
  };
}
