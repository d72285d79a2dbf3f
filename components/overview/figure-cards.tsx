import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { Card, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Money } from "@/components/ui/money";
import type { Balances } from "@/lib/overview/balances";
import type { Conversion } from "@/lib/overview/collections";

function Figure({ title, testId, value, children }: { title: string; testId: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Card>
      <CardTitle>{title}</CardTitle>
      <p className="mt-2 truncate text-2xl font-semibold" data-testid={testId}>
        {value}
      </p>
      <div className="mt-1 text-xs text-neutral-500">{children}</div>
    </Card>
  );
}

/** Static-account money waiting for its cutoff, and when it is paid out. */
export function PendingSettlementCard({ balances }: { balances: Balances }) {
  return (
    <Figure title="Pending settlement" testId="pending-settlement" value={<Money kobo={balances.pendingSettlement} />}>
      {balances.nextPayoutAt ? (
        <>
          Next payout <DateTime at={balances.nextPayoutAt} />
        </>
      ) : (
        "Nothing waiting for a payout."
      )}{" "}
      <Link href="/dashboard/settlements" className="font-medium text-accent hover:underline">
        Settlements
      </Link>
    </Figure>
  );
}

/** Transfers and settlement payouts sent and not yet confirmed by the bank. */
export function InFlightCard({ balances }: { balances: Balances }) {
  const n = balances.inFlight.count;
  return (
    <Figure title="Payouts in flight" testId="payouts-in-flight" value={<Money kobo={balances.inFlight.amount} />}>
      {n === 0 ? "No payouts on their way." : `${n} payout${n === 1 ? "" : "s"} on the way to the bank.`}{" "}
      <Link href="/dashboard/transfers" className="font-medium text-accent hover:underline">
        Transfers
      </Link>
    </Figure>
  );
}

/** Checkout sessions completed out of those started in the last 30 days. */
export function ConversionCard({ conversion }: { conversion: Conversion }) {
  const rate = conversion.rate === null ? "—" : `${(conversion.rate * 100).toFixed(conversion.rate === 1 || conversion.rate === 0 ? 0 : 1)}%`;
  return (
    <Figure title="Checkout conversion" testId="checkout-conversion" value={rate}>
      {conversion.started === 0
        ? "No checkout sessions in the last 30 days."
        : `${conversion.completed} of ${conversion.started} checkout session${conversion.started === 1 ? "" : "s"} paid, last 30 days.`}
    </Figure>
  );
}
