import type { LineItem } from "@/db/schema";
import { formatNaira } from "@/lib/money";

/** The top of a hosted page: who is being paid and how much (DESIGN.md: first thing on screen). */
export function PaySummary({
  merchantName,
  amount,
  amountNote,
  lineItems,
}: {
  merchantName: string;
  amount: number | null;
  amountNote?: string;
  lineItems?: LineItem[] | null;
}) {
  return (
    <header className="mb-4 text-center">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">You are paying</p>
      <h1 className="mt-0.5 text-lg font-semibold break-words" data-testid="merchant-name">
        {merchantName}
      </h1>
      {amount !== null && (
        <p className="mt-2 text-3xl font-bold tracking-tight tabular-nums" data-testid="pay-amount">
          {formatNaira(amount)}
        </p>
      )}
      {amountNote && <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{amountNote}</p>}
      {lineItems && lineItems.length > 0 && <LineItems items={lineItems} />}
    </header>
  );
}

function LineItems({ items }: { items: LineItem[] }) {
  const count = items.reduce((n, i) => n + i.quantity, 0);
  return (
    <details
      className="mx-auto mt-3 max-w-sm rounded-lg bg-white text-left text-sm ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800"
      data-testid="line-items"
    >
      <summary className="cursor-pointer px-3 py-2 text-neutral-700 select-none dark:text-neutral-300">
        Order summary · {count} {count === 1 ? "item" : "items"}
      </summary>
      <ul className="divide-y divide-neutral-100 border-t border-neutral-100 dark:divide-neutral-800 dark:border-neutral-800">
        {items.map((item, i) => (
          <li key={i} className="flex items-start justify-between gap-3 px-3 py-2">
            <div className="min-w-0">
              <p className="break-words">
                {item.name}
                {item.quantity > 1 && <span className="text-neutral-500"> × {item.quantity}</span>}
              </p>
              {item.description && <p className="text-xs break-words text-neutral-500">{item.description}</p>}
            </div>
            <span className="shrink-0 tabular-nums">{formatNaira(BigInt(item.amount) * BigInt(item.quantity))}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
