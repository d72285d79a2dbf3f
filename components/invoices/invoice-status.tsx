import { cn } from "@/components/ui/cn";

/**
 * An invoice's state in DESIGN.md's colour language: awaiting payment (sent, partial) amber,
 * paid green, overdue red, cancelled grey, draft neutral; `paused` is its own grey badge beside it.
 */
const TONES: Record<string, string> = {
  draft: "bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300",
  sent: "bg-amber-100 text-amber-800",
  partial: "bg-amber-100 text-amber-800",
  paid: "bg-green-100 text-green-800",
  overdue: "bg-red-100 text-red-800",
  cancelled: "bg-neutral-200 text-neutral-700",
};

const badge = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium";

export function InvoiceStatusBadge({ status, paused, testId }: { status: string; paused?: boolean; testId?: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className={cn(badge, "capitalize", TONES[status] ?? TONES.draft)} data-testid={testId}>{status}</span>
      {paused && <span className={cn(badge, "bg-neutral-200 text-neutral-700")} data-testid={testId ? `${testId}-paused` : undefined}>Paused</span>}
    </span>
  );
}
