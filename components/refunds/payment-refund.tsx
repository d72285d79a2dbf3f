import Link from "next/link";
import { StatusBadge } from "@/components/ui/badge";
import type { Mode, Refund, Role } from "@/db/schema";
import { rolePolicy } from "@/lib/auth/role-policy";
import { RefundPaymentButton } from "./refund-payment-button";

/**
 * A payment page's refund line: its newest refund (linked) and, while the payment is completed
 * and no refund is open, "Refund" for members who may move money (supplement §10; the action
 * checks the role again).
 */
export function PaymentRefund({
  payment,
  refund,
  role,
  mode,
  refundable = true,
}: {
  payment: { reference: string; status: string; amount: number; fee: number; destinationKind: string; payerName: string | null };
  refund: Refund | null;
  role: Role;
  mode: Mode;
  /** False when the payment's own rules forbid a refund now (a static-account payment already batched or paid out). */
  refundable?: boolean;
}) {
  const open = refund?.status === "requested" || refund?.status === "processing";
  const staticAccount = payment.destinationKind === "static_account";
  const canAsk = refundable && payment.status === "completed" && !open && rolePolicy.moveMoney(role, mode);
  if (!refund && !canAsk) return <span className="text-neutral-500">—</span>;
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid="payment-refund">
      {refund && (
        <Link href={`/dashboard/refunds/${refund.id}`} className="inline-flex items-center gap-1 text-accent hover:underline" data-testid="payment-refund-link">
          Refund <StatusBadge status={refund.status} />
        </Link>
      )}
      {canAsk && (
        <RefundPaymentButton
          reference={payment.reference}
          amount={payment.amount}
          held={payment.amount - payment.fee}
          payerName={payment.payerName}
          fromSettlement={staticAccount}
        />
      )}
    </span>
  );
}
