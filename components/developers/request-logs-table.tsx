import { CopyButton } from "@/components/ui/copy-button";
import { cn } from "@/components/ui/cn";
import { DateTime } from "@/components/ui/date-time";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import type { ReactNode } from "react";
import type { RequestLogRow } from "@/lib/observability/list-request-logs";

/** An HTTP status in the state colours: 2xx green, 4xx amber, 5xx red. */
export function HttpStatusBadge({ status }: { status: number }) {
  const tone =
    status >= 500
      ? "bg-red-100 text-red-800"
      : status >= 400
        ? "bg-amber-100 text-amber-800"
        : status >= 200 && status < 300
          ? "bg-green-100 text-green-800"
          : "bg-neutral-100 text-neutral-700";
  return (
    <span className={cn("inline-flex items-center rounded-full px-2 py-0.5 font-mono text-xs font-medium tabular-nums", tone)} data-testid="request-status">
      {status}
    </span>
  );
}

/** One page of API request logs: method, path, status, correlation id (copyable), key, duration, time. */
export function RequestLogsTable({ rows, keyLabels, footer }: { rows: RequestLogRow[]; keyLabels: Record<string, string>; footer: ReactNode }) {
  return (
    <ListTable testId="request-logs-table" footer={footer}>
      <ListHead>
        <Th>Request</Th>
        <Th>Status</Th>
        <Th>Correlation id</Th>
        <Th>Key</Th>
        <Th right>Duration</Th>
        <Th>Time</Th>
      </ListHead>
      <tbody>
        {rows.map((r) => (
          <Row key={r.id} data-testid="request-log-row">
            <td data-phone="primary" className="max-w-md px-4 py-2">
              <span className="mr-2 font-mono text-xs font-semibold">{r.method}</span>
              <span className="break-all font-mono text-xs" title={r.path}>
                {r.path}
              </span>
              {(r.ip || r.userAgent) && (
                <p className="truncate text-xs text-neutral-500" title={r.userAgent ?? undefined}>
                  {[r.ip, r.userAgent].filter(Boolean).join(" · ")}
                </p>
              )}
            </td>
            <td data-phone="status" className="px-4 py-2">
              <HttpStatusBadge status={r.status} />
            </td>
            <td data-label="Correlation id" className="px-4 py-2 whitespace-nowrap">
              <span className="font-mono text-xs" data-testid="request-correlation-id">
                {r.correlationId}
              </span>
              <CopyButton value={r.correlationId} label="Copy correlation id" className="ml-1 align-middle" />
            </td>
            <td data-label="Key" className="px-4 py-2 whitespace-nowrap font-mono text-xs text-neutral-600 dark:text-neutral-400">
              {keyLabels[r.keyPairId] ?? "—"}
              {r.keyType === "public" && <span className="ml-1 text-neutral-500 dark:text-neutral-400">(public)</span>}
            </td>
            <td data-label="Duration" className="px-4 py-2 text-right tabular-nums whitespace-nowrap">
              {r.durationMs} ms
            </td>
            <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
              <DateTime at={r.createdAt} seconds />
            </td>
          </Row>
        ))}
      </tbody>
    </ListTable>
  );
}
