import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DateTime } from "@/components/ui/date-time";
import { formatNaira } from "@/lib/money";
import type { StatementLine } from "@/lib/ledger/statement";
import { statementDescription } from "@/lib/overview/statement-description";

/**
 * The wallet's entries, newest first, each with the balance right after it: what happened in
 * words, the reference only on hover, amounts on one line. Stacked rows, so a phone shows all.
 */
export function BalanceStatement({ lines }: { lines: StatementLine[] }) {
  return (
    <Card className="p-0">
      <div className="border-b border-neutral-200 px-5 py-3 dark:border-neutral-800">
        <h2 className="font-medium">Wallet statement</h2>
      </div>
      {lines.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-neutral-500" data-testid="statement-empty">
          No entries yet. Money you receive or fund appears here.
        </p>
      ) : (
        <ul data-testid="statement">
          {lines.map((l) => (
            <li key={l.postingId} className="flex items-center gap-3 border-t border-neutral-100 px-5 py-3 first:border-t-0 dark:border-neutral-800" data-testid="statement-line">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words" title={l.reference}>{statementDescription(l)}</p>
                <p className="text-xs text-neutral-500"><DateTime at={l.createdAt} /></p>
              </div>
              <div className="shrink-0 text-right">
                <p className={cn("text-sm font-medium whitespace-nowrap tabular-nums", l.amount < 0 ? "text-red-700 dark:text-red-400" : "text-green-700 dark:text-green-400")}>
                  {l.amount > 0 ? "+" : ""}{formatNaira(l.amount)}
                </p>
                <p className="text-xs whitespace-nowrap text-neutral-500 tabular-nums">Balance {formatNaira(l.balanceAfter)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
