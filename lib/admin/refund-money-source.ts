import { formatNaira } from "@/lib/money";
import { refundShares } from "@/lib/refunds/wallet-refunds";

/**
 * Where a refund's money comes from, as the admin's confirmations word it
 * (components/admin/refund-decision.tsx): a static-account payment's from pending settlement;
 * any other channel's already held from the merchant's wallet, plus a whole refund's collection
 * fee from fee revenue (a partial refund returns none).
 */
export function refundMoneySource(
  refund: { amount: number; staticAccountId: string | null },
  payment: { amount: number; fee: number } | null,
): { kind: "settlement" } | { kind: "wallet"; held: string; fee: string | null; paymentAmount: string } {
  if (refund.staticAccountId) return { kind: "settlement" };
  const p = payment ?? { amount: refund.amount, fee: 0 };
  const shares = refundShares(refund, p);
  return { kind: "wallet", held: formatNaira(shares.wallet), fee: shares.fee > 0 ? formatNaira(shares.fee) : null, paymentAmount: formatNaira(p.amount) };
}
