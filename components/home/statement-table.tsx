import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DateTime } from "@/components/ui/date-time";
import { formatNaira } from "@/lib/money";
import type { StatementLine } from "@/lib/ledger/statement";

const KIND_LABELS: Record<string, string> = { sandbox_funding: "Sandbox funding", payment: "Payment received" };

/** The wallet's entries, newest first, each with the balance right after it. */
export function StatementTable({ lines }: { lines: StatementLine[] }) {
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
        <div className="overflow-x-auto" tabIndex={0}>
          <table className="w-full text-left text-sm" data-testid="statement">
            <thead className="text-xs uppercase text-neutral-500">
              <tr>
                <th className="px-5 py-2 font-medium">Date</th>
                <th className="px-5 py-2 font-medium">Description</th>
                <th className="px-5 py-2 font-medium">Reference</th>
                <th className="px-5 py-2 text-right font-medium">Amount</th>
                <th className="px-5 py-2 text-right font-medium">Balance</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.postingId} className="border-t border-neutral-100 dark:border-neutral-800" data-testid="statement-line">
                  <td className="px-5 py-2 whitespace-nowrap"><DateTime at={l.createdAt} /></td>
                  <td className="px-5 py-2">{l.description ?? KIND_LABELS[l.kind] ?? l.kind}</td>
                  <td className="px-5 py-2 font-mono text-xs">{l.reference}</td>
                  <td className={cn("px-5 py-2 text-right tabular-nums", l.amount < 0 ? "text-red-700" : "text-green-700")}>
                    {l.amount > 0 ? "+" : ""}{formatNaira(l.amount)}
                  </td>
                  <td className="px-5 py-2 text-right tabular-nums">{formatNaira(l.balanceAfter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
