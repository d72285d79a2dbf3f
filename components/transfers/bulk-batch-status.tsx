import { StatusBadge } from "@/components/ui/badge";

const LABELS: Record<string, string> = {
  awaiting_approval: "Awaiting approval",
  queued: "Queued",
  processing: "Sending",
  completed: "Completed",
  rejected: "Rejected",
};
// DESIGN.md's colours: waiting for a person is "under review" blue, sending amber.
const TONE: Record<string, string> = { awaiting_approval: "under_review", queued: "pending", processing: "processing" };

/** A bulk batch's state as a badge, in words. */
export function BulkBatchStatus({ status }: { status: string }) {
  return (
    <span data-testid="batch-status" data-status={status}>
      <StatusBadge status={TONE[status] ?? status} label={LABELS[status] ?? status} />
    </span>
  );
}

const ROW_LABELS: Record<string, string> = { waiting: "Waiting", processing: "Processing", completed: "Completed", failed: "Failed", reversed: "Reversed" };

/** A bulk row's state: waiting to be sent, then its transfer's. */
export function BulkRowStatusBadge({ status }: { status: string }) {
  return (
    <span data-testid="bulk-result-status" data-status={status}>
      <StatusBadge status={status === "waiting" ? "expired" : status} label={ROW_LABELS[status] ?? status} />
    </span>
  );
}
