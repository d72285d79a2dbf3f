import type { Payment } from "@/db/schema";
import Link from "@/components/ui/link";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { formatNaira } from "@/lib/money";
import { payerName } from "@/lib/payments/list-payments";
import { TableScroll } from "@/components/ui/table-scroll";

/** The payments a PayID took: the newest few, with the totals. */
export function PayIdPaymentsCard({ recent, count, total, empty }: { recent: Payment[]; count: number; total: number; empty: string }) {
  return (
    <Card className="p-0">
      <div className="flex items-baseline justify-between border-b border-neutral-200 px-5 py-3 dark:border-neutral-800">
        <h2 className="font-medium">Payments</h2>
        {count > 0 && (
          <span className="text-sm text-neutral-500" data-testid="payid-payments-total">
            {count} payment{count === 1 ? "" : "s"} · {formatNaira(total)}
          </span>
        )}
      </div>
      {recent.length === 0 ? (
        <p className="px-5 py-4 text-sm text-neutral-500" data-testid="payid-no-payments">
          {empty}
        </p>
      ) : (
        <TableScroll>
          <table className="w-full text-left text-sm" data-testid="payid-payments">
            <tbody>
              {recent.map((p) => (
                <tr key={p.id} className="border-t border-neutral-100 first:border-0 dark:border-neutral-800">
                  <td className="px-5 py-2 font-mono text-xs">
                    <Link href={`/dashboard/payments/${p.reference}`} className="text-accent hover:underline">
                      {p.reference}
                    </Link>
                  </td>
                  <td className="px-5 py-2">{payerName(p) ?? "—"}</td>
                  <td className="whitespace-nowrap px-5 py-2 text-right tabular-nums">{formatNaira(p.amount)}</td>
                  <td className="px-5 py-2 text-right text-neutral-500">
                    <DateTime at={p.paidAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}
