import Link from "@/components/ui/link";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import type { Payment } from "@/db/schema";
import { formatNaira } from "@/lib/money";
import { payerName } from "@/lib/payments/list-payments";

/**
 * The payments made through a link: totals on top, then each as a stacked row (the customer
 * who filled in the link's form, and the bank account holder when another; the amount; then
 * status, date and reference), so nothing is cut off at 320 px.
 */
export function LinkPaymentsCard({ recent, count, total, empty }: { recent: Payment[]; count: number; total: number; empty: string }) {
  return (
    <Card className="p-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-neutral-200 px-4 py-3 sm:px-5 dark:border-neutral-800">
        <h2 className="font-medium">Payments</h2>
        <span className="text-sm text-neutral-600 dark:text-neutral-400" data-testid="link-payments-total">
          {count} payment{count === 1 ? "" : "s"} · {formatNaira(total)}
        </span>
      </div>
      {recent.length === 0 ? (
        <p className="px-4 py-4 text-sm text-neutral-500 sm:px-5" data-testid="link-no-payments">
          {empty}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-100 dark:divide-neutral-800" data-testid="link-payments">
          {recent.map((p) => (
            <li key={p.id} className="space-y-1 px-4 py-3 text-sm sm:px-5" data-testid="link-payment-row">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium break-words">{p.customerName ?? payerName(p) ?? p.customerEmail ?? "—"}</p>
                  {p.customerEmail && <p className="text-xs break-all text-neutral-500">{p.customerEmail}</p>}
                  {p.customerName && payerName(p) && payerName(p) !== p.customerName && (
                    <p className="text-xs break-words text-neutral-500">Paid from {payerName(p)}&apos;s account</p>
                  )}
                </div>
                <span className="shrink-0 font-medium tabular-nums" data-testid="link-payment-amount">
                  {formatNaira(p.amount)}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-500">
                <StatusBadge status={p.status} />
                <DateTime at={p.paidAt} />
                <Link href={`/dashboard/payments/${p.reference}`} className="font-mono break-all text-accent hover:underline">
                  {p.reference}
                </Link>
              </div>
              <CollectedAnswers metadata={p.metadata} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What the link asked the customer for, as they answered (kept in the payment's metadata). */
function CollectedAnswers({ metadata }: { metadata: Record<string, unknown> | null }) {
  const quantity = typeof metadata?.quantity === "number" && metadata.quantity > 1 ? metadata.quantity : null;
  const phone = typeof metadata?.phone === "string" ? metadata.phone : null;
  const address = typeof metadata?.address === "string" ? metadata.address : null;
  if (!quantity && !phone && !address) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-neutral-600 dark:text-neutral-400" data-testid="link-payment-answers">
      {quantity && (
        <>
          <dt>Quantity</dt>
          <dd>{quantity}</dd>
        </>
      )}
      {phone && (
        <>
          <dt>Phone</dt>
          <dd className="break-words">{phone}</dd>
        </>
      )}
      {address && (
        <>
          <dt>Address</dt>
          <dd className="break-words">{address}</dd>
        </>
      )}
    </dl>
  );
}
