import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DateTime } from "@/components/ui/date-time";
import { ListHead, Th } from "@/components/ui/list-table";
import { TableScroll } from "@/components/ui/table-scroll";
import type { RailSuspense } from "@/db/schema";
import { formatNaira } from "@/lib/money";
import { railLabel } from "./rail-card";
import { SuspenseActions } from "./suspense-actions";

export type SuspenseItem = RailSuspense & { merchantName: string | null };

/**
 * A cell: a table cell from 1024 px; below, one labelled line of the item's card (DESIGN.md
 * "On a phone": a wide table becomes stacked cards), so the actions stay under the thumb.
 */
function Cell({ label, className, children, testId }: { label: string; className?: string; children: ReactNode; testId?: string }) {
  return (
    <td
      data-label={label}
      data-testid={testId}
      className={cn(
        "px-4 py-2 align-top",
        "max-lg:flex max-lg:items-baseline max-lg:justify-between max-lg:gap-4 max-lg:px-0 max-lg:py-1",
        "max-lg:before:shrink-0 max-lg:before:font-normal max-lg:before:text-xs max-lg:before:text-neutral-500 max-lg:before:content-[attr(data-label)]",
        className,
      )}
    >
      <div className="min-w-0 max-lg:text-right">{children}</div>
    </td>
  );
}

/** Money a rail received that matched no account: open items first (with their two ways out), then the resolved ones. */
export function SuspenseTable({ items, railAvailable }: { items: SuspenseItem[]; railAvailable: (rail: string) => boolean }) {
  return (
    <Card className="overflow-hidden p-0">
      <TableScroll label="Suspense items">
        <table className="w-full text-left text-sm max-lg:block max-lg:[&_tbody]:block max-lg:[&_thead]:hidden" data-testid="suspense-list">
          <ListHead>
            <Th>Received</Th>
            <Th right>Amount</Th>
            <Th>Payer</Th>
            <Th>Paid into</Th>
            <Th>Status</Th>
            <Th />
          </ListHead>
          <tbody>
            {items.map((s) => (
              <SuspenseRow key={s.id} item={s} railAvailable={railAvailable(s.rail)} />
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}

function SuspenseRow({ item: s, railAvailable }: { item: SuspenseItem; railAvailable: boolean }) {
  const payer = s.payer ?? { name: null, bank: null, account: null };
  const amount = formatNaira(s.amount);
  const rail = railLabel(s.rail);
  return (
    <tr
      className={cn(
        "border-t border-neutral-100 dark:border-neutral-800",
        "max-lg:block max-lg:px-4 max-lg:py-3 max-lg:first:border-t-0",
        s.status === "open" ? "bg-amber-50/40 dark:bg-amber-950/10" : "text-neutral-700 dark:text-neutral-300",
      )}
      data-testid="suspense-row"
      data-suspense-id={s.id}
      data-status={s.status}
    >
      <Cell label="Received">
        <DateTime at={s.receivedAt} />
        <div className="text-xs text-neutral-500" data-testid="suspense-rail">
          via {rail}
        </div>
      </Cell>
      <Cell label="Amount" className="font-semibold tabular-nums lg:text-right lg:whitespace-nowrap" testId="suspense-amount">
        {amount}
      </Cell>
      <Cell label="Payer" className="lg:min-w-40">
        {payer.name ?? <span className="text-neutral-500">Name not reported</span>}
        {(payer.bank || payer.account) && (
          <div className="text-xs text-neutral-500">
            {payer.bank}
            {payer.bank && payer.account ? " · " : ""}
            {payer.account && <span className="font-mono">{payer.account}</span>}
          </div>
        )}
      </Cell>
      <Cell label="Paid into" className="lg:min-w-44">
        <span className="font-mono whitespace-nowrap">{s.accountNumber ?? "Account not reported"}</span>
        <div className="text-xs text-neutral-600 dark:text-neutral-400" data-testid="suspense-reason">
          {s.reason}
        </div>
      </Cell>
      <Cell label="Status" className="lg:min-w-36" testId="suspense-status">
        <StatusBadge
          status={s.status === "open" ? "open" : "completed"}
          label={s.status === "open" ? "Open" : s.status === "assigned" ? "Assigned" : "Returned"}
        />
        {s.status === "assigned" && (
          <div className="mt-1 text-xs text-neutral-500">
            to{" "}
            {s.merchantId ? (
              <Link href={`/admin/merchants/${s.merchantId}`} className="text-accent hover:underline">
                {s.merchantName ?? "the merchant"}
              </Link>
            ) : (
              "a merchant"
            )}
            {s.paymentReference && <div className="font-mono wrap-anywhere">{s.paymentReference}</div>}
          </div>
        )}
        {s.status === "returned" && s.returnReference && <div className="mt-1 font-mono text-xs wrap-anywhere text-neutral-500">{s.returnReference}</div>}
        {s.resolvedAt && (
          <div className="text-xs text-neutral-500">
            <DateTime at={s.resolvedAt} />
          </div>
        )}
        {s.note && <div className="mt-1 text-xs italic text-neutral-600 dark:text-neutral-400">“{s.note}”</div>}
      </Cell>
      <td className="px-4 py-2 align-top max-lg:block max-lg:px-0 max-lg:pt-2 max-lg:empty:hidden">
        {s.status === "open" && <SuspenseActions id={s.id} amount={amount} rail={rail} railAvailable={railAvailable} payer={payer} />}
      </td>
    </tr>
  );
}
