import { channelLabel } from "@/components/payments/payment-labels";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Money } from "@/components/ui/money";
import type { Mode } from "@/db/schema";
import type { AdminModeActivity } from "@/lib/admin/merchant-detail";

const MODE_LABEL: Record<Mode, string> = { live: "Live", test: "Test" };
const DESTINATION: Record<string, string> = { wallet: "To wallet", bank_account: "To bank account" };

function Figure({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-neutral-600 dark:text-neutral-400">{label}</dt>
      <dd className="truncate text-lg font-semibold tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Stacked rows (they fit a phone): what, then how much and its state. */
function Rows({
  title,
  empty,
  testId,
  rows,
}: {
  title: string;
  empty: string;
  testId: string;
  rows: { key: string; what: string; sub: React.ReactNode; amount: number; status: string }[];
}) {
  return (
    <div className="min-w-0">
      <h4 className="mb-1 text-sm font-medium">{title}</h4>
      {rows.length === 0 ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{empty}</p>
      ) : (
        <ul className="divide-y divide-neutral-100 dark:divide-neutral-800" data-testid={testId}>
          {rows.map((r) => (
            <li key={r.key} className="flex items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm">{r.what}</p>
                <p className="truncate text-xs text-neutral-600 dark:text-neutral-400">{r.sub}</p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <Money kobo={r.amount} className="text-sm font-medium whitespace-nowrap" />
                <StatusBadge status={r.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One mode of a merchant for the admin: balances, 30-day volume, and the latest money in and out. */
export function ModeActivity({ mode, activity }: { mode: Mode; activity: AdminModeActivity }) {
  const { balances, volume30d } = activity;
  return (
    <Card className="min-w-0 space-y-4" data-testid={`admin-mode-${mode}`}>
      <h3 className="font-medium">{MODE_LABEL[mode]}</h3>
      <dl className="grid grid-cols-2 gap-3">
        <Figure label="Available balance" testId={`admin-available-${mode}`}>
          <Money kobo={balances.available} />
        </Figure>
        <Figure label="Pending settlement" testId={`admin-pending-${mode}`}>
          <Money kobo={balances.pendingSettlement} />
        </Figure>
        <Figure label="Collected, last 30 days" testId={`admin-volume-${mode}`}>
          <Money kobo={volume30d.amount} />
        </Figure>
        <Figure label="Payments, last 30 days" testId={`admin-count-${mode}`}>
          {volume30d.count.toLocaleString("en-NG")}
        </Figure>
      </dl>
      <Rows
        title="Recent payments"
        empty="No payments yet."
        testId={`admin-payments-${mode}`}
        rows={activity.recentPayments.map((p) => ({
          key: p.reference,
          what: p.payerName ?? channelLabel(p.channel),
          sub: (
            <>
              {channelLabel(p.channel)} · <DateTime at={p.paidAt} />
            </>
          ),
          amount: p.amount,
          status: p.status,
        }))}
      />
      <Rows
        title="Recent payouts"
        empty="No settlement payouts yet."
        testId={`admin-payouts-${mode}`}
        rows={activity.recentPayouts.map((p) => ({
          key: p.id,
          what: DESTINATION[p.destination] ?? p.destination,
          sub: <DateTime at={p.createdAt} />,
          amount: p.amount,
          status: p.status,
        }))}
      />
      <Rows
        title="Recent transfers"
        empty="No transfers yet."
        testId={`admin-transfers-${mode}`}
        rows={activity.recentTransfers.map((t) => ({
          key: t.id,
          what: `To ${t.recipientName}`,
          sub: <DateTime at={t.createdAt} />,
          amount: t.amount,
          status: t.status,
        }))}
      />
    </Card>
  );
}
