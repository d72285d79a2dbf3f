import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DateTime } from "@/components/ui/date-time";
import { FilterBar, FilterField, isReversedRange } from "@/components/ui/filter-bar";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import { ControlInput } from "@/components/ui/select";
import { formatNaira } from "@/lib/money";
import type { StatementLine } from "@/lib/ledger/statement";
import type { WalletStatementQuery } from "@/lib/overview/wallet-statement";
import type { Paged } from "@/lib/lists/paging";
import { statementDescription } from "@/lib/overview/statement-description";

const BASE = "/dashboard/balance";

/**
 * The wallet's entries, newest first, each with the balance right after it: what happened in
 * words, the reference only on hover, amounts on one line. Stacked rows, so a phone shows all.
 * Filtered by Lagos days in the URL, paged with its total, exported as CSV like every list.
 */
export function BalanceStatement({ result, query }: { result: Paged<StatementLine>; query: WalletStatementQuery }) {
  const filters = { from: query.from, to: query.to };
  const filtered = Boolean(query.from || query.to);
  return (
    <section className="space-y-3" aria-labelledby="statement-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="statement-title" className="text-lg font-medium">
          Wallet statement
        </h2>
        <a
          href={listHref(`${BASE}/export`, filters)}
          className="inline-flex h-9 items-center rounded-md border border-neutral-300 bg-white px-4 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
          data-testid="statement-export"
          download
        >
          Export CSV
        </a>
      </div>
      <FilterBar action={BASE} clearHref={filtered && BASE} range={query}>
        <FilterField label="From">
          <ControlInput type="date" name="from" defaultValue={query.from ?? ""} data-testid="statement-from" />
        </FilterField>
        <FilterField label="To">
          <ControlInput type="date" name="to" defaultValue={query.to ?? ""} data-testid="statement-to" />
        </FilterField>
      </FilterBar>
      <Card className="p-0">
        {result.items.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-neutral-500" data-testid="statement-empty">
            {isReversedRange(query)
              ? "The date range runs backwards."
              : filtered
                ? "No entries on these days."
                : "No entries yet. Money you receive or fund appears here."}
          </p>
        ) : (
          <ul data-testid="statement">
            {result.items.map((l) => (
              <li
                key={l.postingId}
                className="flex items-center gap-3 border-t border-neutral-100 px-5 py-3 first:border-t-0 dark:border-neutral-800"
                data-testid="statement-line"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium break-words" title={l.reference}>
                    {statementDescription(l)}
                  </p>
                  <p className="text-xs text-neutral-500">
                    <DateTime at={l.createdAt} />
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p
                    className={cn(
                      "text-sm font-medium whitespace-nowrap tabular-nums",
                      l.amount < 0 ? "text-red-700 dark:text-red-400" : "text-green-700 dark:text-green-400",
                    )}
                  >
                    {l.amount > 0 ? "+" : ""}
                    {formatNaira(l.amount)}
                  </p>
                  <p className="text-xs whitespace-nowrap text-neutral-500 tabular-nums">Balance {formatNaira(l.balanceAfter)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
        {result.total > 0 && (
          <Paging
            total={result.total}
            page={result.page}
            totalPages={result.total_pages}
            noun="line"
            testId="statement-total"
            link={(p) => listHref(BASE, { ...filters, page: p })}
          />
        )}
      </Card>
    </section>
  );
}
