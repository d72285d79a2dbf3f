import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { ReconciliationRun } from "@/db/schema";
import { formatNaira } from "@/lib/money";
import { balanceDifference } from "@/lib/reconciliation/run-alerts";

const OUTCOMES: [keyof ReconciliationRun, string][] = [
  ["matched", "Matched"],
  ["booked", "Booked (lost webhooks)"],
  ["unknownInbound", "To suspense"],
  ["statusApplied", "Status applied"],
  ["missingAtProvider", "Missing at the provider"],
  ["amountMismatch", "Amount mismatch"],
  ["unexpectedDebit", "Unexpected debit"],
];

/**
 * A run's figures: its lines by outcome; money in and out the provider settled, its fees,
 * Owo's fees and the margin; the provider's balance beside the ledger's clearing account, and
 * the opening balance that implies (closing less the day's movement).
 */
export function RunSummary({ run }: { run: ReconciliationRun }) {
  const t = run.totals ?? { in: 0, out: 0, providerFees: 0, owoFees: 0, margin: 0 };
  const difference = balanceDifference(run);
  const opening = run.providerBalance === null ? null : run.providerBalance - t.in + t.out + t.providerFees;
  const money: [string, string, string][] = [
    ["Money in", formatNaira(t.in), "run-in"],
    ["Money out", formatNaira(t.out), "run-out"],
    ["Provider fees", formatNaira(t.providerFees), "run-provider-fees"],
    ["Owo fees", formatNaira(t.owoFees), "run-owo-fees"],
    ["Margin", formatNaira(t.margin), "run-margin"],
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="space-y-2">
        <div className="flex items-center justify-between">
          <h2 className="text-base font-semibold">Lines</h2>
          <StatusBadge status={run.status} />
        </div>
        <p className="text-2xl font-semibold tabular-nums" data-testid="run-lines">
          {run.lines.toLocaleString("en-NG")}
        </p>
        <dl className="space-y-1 text-sm">
          {OUTCOMES.map(([key, label]) => (
            <div key={key} className="flex justify-between gap-2">
              <dt className="text-neutral-600 dark:text-neutral-400">{label}</dt>
              <dd className="tabular-nums" data-testid={`run-${String(key)}`}>
                {Number(run[key]).toLocaleString("en-NG")}
              </dd>
            </div>
          ))}
        </dl>
        {run.error && <p className="text-sm text-red-700">{run.error}</p>}
      </Card>
      <Card className="space-y-2">
        <h2 className="text-base font-semibold">Money</h2>
        <dl className="space-y-1 text-sm">
          {money.map(([label, value, id]) => (
            <div key={label} className="flex justify-between gap-2">
              <dt className="text-neutral-600 dark:text-neutral-400">{label}</dt>
              <dd className="tabular-nums" data-testid={id}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card className="space-y-2">
        <h2 className="text-base font-semibold">Balances</h2>
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="text-neutral-600 dark:text-neutral-400">Opening (implied)</dt>
            <dd className="tabular-nums">{opening === null ? "—" : formatNaira(opening)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-neutral-600 dark:text-neutral-400">Provider holds (closing)</dt>
            <dd className="tabular-nums" data-testid="run-provider-balance">
              {run.providerBalance === null ? "Not read" : formatNaira(run.providerBalance)}
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-neutral-600 dark:text-neutral-400">Ledger clearing account</dt>
            <dd className="tabular-nums" data-testid="run-ledger-balance">
              {run.ledgerBalance === null ? "—" : formatNaira(run.ledgerBalance)}
            </dd>
          </div>
          <div className="flex justify-between gap-2 border-t border-neutral-100 pt-1 font-medium dark:border-neutral-800">
            <dt>Difference</dt>
            <dd className={`tabular-nums ${difference ? "text-red-700" : ""}`} data-testid="run-difference">
              {difference === null ? "—" : formatNaira(difference)}
            </dd>
          </div>
        </dl>
      </Card>
    </div>
  );
}
