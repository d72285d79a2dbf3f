import { stateTone } from "@/components/ui/badge";
import type { InvoicePageState } from "@/lib/hosted/invoice-page";

const LABELS: Record<InvoicePageState, string> = {
  draft: "Draft",
  sent: "Sent",
  partial: "Partial",
  paid: "Paid",
  overdue: "Overdue",
  cancelled: "Cancelled",
  paused: "Paused",
};

/** The invoice's state on its hosted page, in the shared state colours. */
export function InvoiceStatusBadge({ state }: { state: InvoicePageState }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${stateTone(state)}`}
      data-testid="invoice-status"
      data-state={state}
    >
      {LABELS[state]}
    </span>
  );
}
