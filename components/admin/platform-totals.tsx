import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { Card, CardTitle } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import type { PlatformTotals } from "@/lib/admin/platform-totals";

function Figure({ title, testId, value, children }: { title: string; testId: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardTitle>{title}</CardTitle>
      <p className="mt-2 truncate text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </p>
      <div className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">{children}</div>
    </Card>
  );
}

const plural = (n: number, one: string) => `${n.toLocaleString("en-NG")} ${one}${n === 1 ? "" : "s"}`;

/** The admin home's figures across every merchant: live first (real money), test beneath each. */
export function PlatformTotalsCards({ totals }: { totals: PlatformTotals }) {
  const { live, test } = totals.byMode;
  return (
    <section aria-labelledby="platform-totals" className="space-y-3">
      <h2 id="platform-totals" className="text-sm font-medium text-neutral-600 dark:text-neutral-400">
        Platform totals
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure title="Merchants" testId="total-merchants" value={totals.merchants.toLocaleString("en-NG")}>
          <span data-testid="total-suspended">{totals.suspendedMerchants.toLocaleString("en-NG")} suspended</span>
        </Figure>
        <Figure title="Collected, last 30 days (live)" testId="total-volume-live" value={<Money kobo={live.volume30d.amount} />}>
          <span data-testid="total-count-live">{plural(live.volume30d.count, "payment")}</span> · Test: <Money kobo={test.volume30d.amount} />,{" "}
          <span data-testid="total-count-test">{plural(test.volume30d.count, "payment")}</span>
        </Figure>
        <Figure title="Balances held (live)" testId="total-held-live" value={<Money kobo={live.balancesHeld} />}>
          Wallets and pending settlement · Test:{" "}
          <span data-testid="total-held-test">
            <Money kobo={test.balancesHeld} />
          </span>
        </Figure>
        <Figure title="Refunds awaiting review" testId="total-refunds-waiting" value={totals.refundsAwaitingReview.toLocaleString("en-NG")}>
          <Link href="/admin/refunds" className="font-medium text-accent hover:underline">
            Review refunds
          </Link>
        </Figure>
        <Figure title="Failed payouts, last 30 days (live)" testId="total-failed-payouts-live" value={live.failedPayouts.toLocaleString("en-NG")}>
          Retried at the next settlement run · Test: <span data-testid="total-failed-payouts-test">{test.failedPayouts}</span>
        </Figure>
      </div>
    </section>
  );
}
