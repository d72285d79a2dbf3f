import type { PaymentLink } from "@/db/schema";
import { formatNaira } from "@/lib/money";

/** A link's amount in words: "₦12,500.00", "₦1,000.00 to ₦50,000.00", "From ₦1.00", "Any amount". */
export function linkAmountText(l: Pick<PaymentLink, "amount" | "minAmount" | "maxAmount">): string {
  if (l.amount !== null) return formatNaira(l.amount);
  const min = l.minAmount ?? 100;
  if (l.maxAmount !== null) return `${formatNaira(min)} to ${formatNaira(l.maxAmount)}`;
  return min > 100 ? `From ${formatNaira(min)}` : "Any amount";
}
