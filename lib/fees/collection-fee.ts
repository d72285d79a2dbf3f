/** Channels money can arrive by (api.md charge.success `channel`). */
export type Channel = "bank_transfer" | "payid" | "card" | "crypto" | "static_account";

/**
 * Supplement §3 collection fees, in basis points with an optional cap (kobo). Per-merchant
 * overrides arrive with the merchant settings; these are the platform defaults.
 */
export const COLLECTION_FEES: Record<Channel, { bps: number; cap: number | null }> = {
  bank_transfer: { bps: 100, cap: 200_000 },
  static_account: { bps: 50, cap: 100_000 },
  card: { bps: 150, cap: 200_000 },
  crypto: { bps: 100, cap: null },
  payid: { bps: 0, cap: null },
};

/** Basis points of an amount in kobo, rounded half up to the kobo. */
export function percentHalfUp(amount: number, bps: number): number {
  return Math.floor((amount * bps + 5_000) / 10_000);
}

export function collectionFee(channel: Channel, amount: number): number {
  const rule = COLLECTION_FEES[channel];
  const fee = percentHalfUp(amount, rule.bps);
  return rule.cap === null ? fee : Math.min(fee, rule.cap);
}
