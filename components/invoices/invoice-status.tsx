import { stateTone } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { statusLabel } from "@/lib/status-label";

const badge = "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";

/** An invoice's status in the shared state colours, with `paused` as its own badge beside it. */
export function InvoiceStatusBadge({ status, paused, testId }: { status: string; paused?: boolean; testId?: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className={cn(badge, stateTone(status))} data-testid={testId}>
        {statusLabel(status)}
      </span>
      {paused && (
        <span className={cn(badge, stateTone("paused"))} data-testid={testId ? `${testId}-paused` : undefined}>
          Paused
        </span>
      )}
    </span>
  );
}
