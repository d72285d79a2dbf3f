import Link from "@/components/ui/link";
import { StatusBadge } from "@/components/ui/badge";
import type { Mode, Refund, Role } from "@/db/schema";
import { rolePolicy } from "@/lib/auth/role-policy";
import { formatNaira } from "@/lib/money";
import { MIN_REFUND_KOBO } from "@/lib/refunds/refund-field";
import { RefundPaymentButton } from "./refund-payment-button";

/**
 * A payment page's refund line (supplement §10): its refunds (each linked, with amount and
 * state), what is refunded and what is left to refund, and, while something is left and the
 * payment is completed, "Refund" for members who may move money (the action checks the role
 * again). A static-account payment is refunded whole, once, while it waits for settlement.
 */
export function PaymentRefund({
  payment,
  refunds,
  summary,
  role,
  mode,
  refundable = true,
}: {
  payment: { reference: string; status: string; amount: number; fee: number; destinationKind: string; payerName: string | null };
  refunds: Refund[];
  summary: { refunded: number; pending: number; remaining: number };
  role: Role;
  mode: Mode;
  /** False when the payment's own rules forbid a refund now (a static-account payment already batched or paid out). */
  refundable?: boolean;
}) {
  const staticAccount = payment.destinationKind === "static_account";
  const open = refunds.some((r) => r.status === "requested" || r.status === "processing");
  const left = staticAccount ? (open ? 0 : payment.amount) : summary.remaining;
  const canAsk = refundable && payment.status === "completed" && left >= MIN_REFUND_KOBO && rolePolicy.moveMoney(role, mode);
  if (refunds.length === 0 && !canAsk) return <span className="text-neutral-500">—</span>;
  return (
    <div className="space-y-2" data-testid="payment-refund">
      {refunds.length > 0 && (
        <ul className="space-y-1">
          {refunds.map((r) => (
            <li key={r.id}>
              <Link
                href={`/dashboard/refunds/${r.id}`}
                className="inline-flex flex-wrap items-center gap-2 text-accent hover:underline"
                data-testid="payment-refund-link"
                data-refund-id={r.id}
              >
                <span className="tabular-nums">{formatNaira(r.amount)}</span> refund <StatusBadge status={r.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {!staticAccount && (refunds.length > 0 || canAsk) && (
        <p className="text-neutral-600 dark:text-neutral-400" data-testid="payment-refundable">
          {summary.refunded > 0 && <>Refunded {formatNaira(summary.refunded)} · </>}
          {summary.pending > 0 && <>{formatNaira(summary.pending)} waiting · </>}
          <span className="font-medium text-neutral-900 dark:text-neutral-100" data-testid="payment-refundable-amount">
            {formatNaira(summary.remaining)}
          </span>{" "}
          of {formatNaira(payment.amount)} left to refund
        </p>
      )}
      {canAsk && (
        <RefundPaymentButton
          // A new amount left to refund (after a request) starts the form afresh at it.
          key={left}
          reference={payment.reference}
          amount={payment.amount}
          fee={payment.fee}
          remaining={left}
          payerName={payment.payerName}
          fromSettlement={staticAccount}
          testMode={mode === "test"}
        />
      )}
    </div>
  );
}
