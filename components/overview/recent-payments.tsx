import Link from "@/components/ui/link";
import { channelLabel } from "@/components/payments/payment-labels";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Money } from "@/components/ui/money";
import type { RecentPayment } from "@/lib/overview/recent-payments";

/** The latest inbound payments as stacked rows (they fit a phone without a wide table). */
export function RecentPayments({ payments }: { payments: RecentPayment[] }) {
  return (
    <Card className="p-0">
      <div className="flex items-center justify-between border-b border-neutral-200 px-5 py-3 dark:border-neutral-800">
        <h2 className="font-medium">Recent payments</h2>
        <Link href="/dashboard/payments" className="text-xs font-medium text-accent hover:underline">
          All payments →
        </Link>
      </div>
      {payments.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-neutral-500" data-testid="recent-payments-empty">
          No payments yet. Share your wallet PayID or create a checkout session to get paid.
        </p>
      ) : (
        <ul data-testid="recent-payments">
          {payments.map((p) => (
            <li key={p.reference} className="border-t border-neutral-100 first:border-t-0 dark:border-neutral-800" data-testid="recent-payment">
              <Link
                href={`/dashboard/payments/${encodeURIComponent(p.reference)}`}
                className="flex items-center gap-3 px-5 py-3 hover:bg-neutral-50 dark:hover:bg-neutral-800/50"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{p.payerName ?? channelLabel(p.channel)}</p>
                  <p className="truncate text-xs text-neutral-500">
                    {channelLabel(p.channel)} · <DateTime at={p.paidAt} />
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <Money kobo={p.amount} className="text-sm font-medium whitespace-nowrap" />
                  <StatusBadge status={p.status} />
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
