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

// DESIGN.md's state colours; overdue stands out (red), as the customer must notice it.
const TONES: Record<InvoicePageState, string> = {
  draft: "bg-neutral-200 text-neutral-700",
  sent: "bg-blue-100 text-blue-800",
  partial: "bg-amber-100 text-amber-800",
  paid: "bg-green-100 text-green-800",
  overdue: "bg-red-600 text-white",
  cancelled: "bg-neutral-200 text-neutral-700",
  paused: "bg-neutral-200 text-neutral-800",
};

export function InvoiceStatusBadge({ state }: { state: InvoicePageState }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONES[state]}`} data-testid="invoice-status" data-state={state}>
      {LABELS[state]}
    </span>
  );
}
