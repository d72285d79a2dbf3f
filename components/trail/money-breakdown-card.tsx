import { Card } from "@/components/ui/card";
import { formatNaira } from "@/lib/money";

export type BreakdownRow = { label: string; kobo: number; total?: boolean };

/**
 * What a money record came to, in the merchant's terms: amount, fee, VAT, stamp duty and what
 * reached or left the wallet. The platform's own ledger accounts (fee revenue, VAT payable,
 * bank clearing) stay off merchant pages (DESIGN.md); the admin's ledger audit shows those.
 */
export function MoneyBreakdownCard({ rows, testId, title = "Breakdown" }: { rows: BreakdownRow[]; testId: string; title?: string }) {
  return (
    <Card className="p-0">
      <h2 className="border-b border-neutral-200 px-5 py-3 font-medium dark:border-neutral-800">{title}</h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 px-5 py-4 text-sm" data-testid={testId}>
        {rows.map((r) => (
          <div key={r.label} className="contents" data-testid="breakdown-row">
            <dt className={r.total ? "border-t border-neutral-200 pt-2 font-medium dark:border-neutral-800" : "text-neutral-500"}>{r.label}</dt>
            <dd
              className={`whitespace-nowrap text-right tabular-nums ${r.total ? "border-t border-neutral-200 pt-2 font-medium dark:border-neutral-800" : ""}`}
            >
              {formatNaira(r.kobo)}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
