import Link from "@/components/ui/link";
import { StatusBadge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import type { ReconciliationRun } from "@/db/schema";
import { formatNaira } from "@/lib/money";
import { balanceDifference, runExceptions } from "@/lib/reconciliation/run-alerts";

/** The runs, newest day first: rail, day, source, state, lines, exceptions, the balance difference. */
export function RunsTable({ runs }: { runs: ReconciliationRun[] }) {
  return (
    <ListTable testId="reconciliation-runs">
      <ListHead>
        <Th>Day</Th>
        <Th>Rail</Th>
        <Th>Source</Th>
        <Th>State</Th>
        <Th right>Lines</Th>
        <Th right>Exceptions</Th>
        <Th right>Balance difference</Th>
        <Th>Finished</Th>
      </ListHead>
      <tbody>
        {runs.map((r) => {
          const exceptions = runExceptions(r);
          const difference = balanceDifference(r);
          return (
            <Row key={r.id} data-testid="reconciliation-run-row">
              <td className="px-4 py-2 whitespace-nowrap">
                <Link href={`/admin/reconciliation/${r.id}`} className="font-medium text-accent hover:underline">
                  {r.day}
                </Link>
              </td>
              <td className="px-4 py-2">{r.rail}</td>
              <td className="px-4 py-2">{r.source === "file" ? (r.fileName ?? "File") : "API"}</td>
              <td className="px-4 py-2">
                <StatusBadge status={r.status} />
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{r.lines.toLocaleString("en-NG")}</td>
              <td className={`px-4 py-2 text-right tabular-nums ${exceptions > 0 ? "font-semibold text-red-700" : ""}`}>
                {exceptions.toLocaleString("en-NG")}
              </td>
              <td className="px-4 py-2 text-right tabular-nums whitespace-nowrap">{difference === null ? "—" : formatNaira(difference)}</td>
              <td className="px-4 py-2 whitespace-nowrap text-neutral-500">{r.finishedAt ? <DateTime at={r.finishedAt} /> : "—"}</td>
            </Row>
          );
        })}
      </tbody>
    </ListTable>
  );
}
