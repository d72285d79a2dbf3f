import { statusLabel } from "@/lib/status-label";
import { cn } from "./cn";

/** DESIGN.md's one colour language for states, across every area. */
const TONES: Record<string, string> = {
  pending: "bg-amber-100 text-amber-800",
  processing: "bg-amber-100 text-amber-800",
  completed: "bg-green-100 text-green-800",
  active: "bg-green-100 text-green-800",
  paid: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
  rejected: "bg-red-100 text-red-800",
  revoked: "bg-red-100 text-red-800",
  expired: "bg-neutral-200 text-neutral-700",
  cancelled: "bg-neutral-200 text-neutral-700",
  deactivated: "bg-neutral-200 text-neutral-700",
  under_review: "bg-blue-100 text-blue-800",
  // Static accounts, settlement and refunds (issue 6), in the same language.
  enabled: "bg-green-100 text-green-800",
  paid_out: "bg-green-100 text-green-800",
  wallet_credit: "bg-green-100 text-green-800",
  pending_settlement: "bg-amber-100 text-amber-800",
  batched: "bg-amber-100 text-amber-800",
  open: "bg-amber-100 text-amber-800",
  paying: "bg-amber-100 text-amber-800",
  requested: "bg-blue-100 text-blue-800",
  suspended: "bg-red-100 text-red-800",
  disabled: "bg-neutral-200 text-neutral-700",
  deleted: "bg-neutral-200 text-neutral-700",
  refunded: "bg-neutral-200 text-neutral-700",
  // Invoices (issue 7): awaiting payment amber, overdue red (it must be noticed), paused and draft grey.
  sent: "bg-amber-100 text-amber-800",
  partial: "bg-amber-100 text-amber-800",
  overdue: "bg-red-100 text-red-800",
  draft: "bg-neutral-100 text-neutral-700",
  paused: "bg-neutral-200 text-neutral-700",
  // Activation requests (supplement §13).
  submitted: "bg-blue-100 text-blue-800",
  changes_requested: "bg-amber-100 text-amber-800",
  approved: "bg-green-100 text-green-800",
  // Reconciliation (supplement §12): settled green, suspense amber, applied blue, exceptions red.
  matched: "bg-green-100 text-green-800",
  booked: "bg-green-100 text-green-800",
  unknown_inbound: "bg-amber-100 text-amber-800",
  status_applied: "bg-blue-100 text-blue-800",
  running: "bg-amber-100 text-amber-800",
  missing_at_provider: "bg-red-100 text-red-800",
  amount_mismatch: "bg-red-100 text-red-800",
  unexpected_debit: "bg-red-100 text-red-800",
};

/** The colour of a state, the same in every area and on the hosted pages. */
export const stateTone = (status: string): string => TONES[status] ?? "bg-neutral-100 text-neutral-700";

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  // Sentence case in the text itself ("No endpoint", "Pending settlement"), never CSS title case.
  const text = label ?? statusLabel(status);
  return <span className={cn("inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium", stateTone(status))}>{text}</span>;
}

export function Tag({ children }: { children: React.ReactNode }) {
  return (
    <span className="inline-flex rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-xs text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
      {children}
    </span>
  );
}
