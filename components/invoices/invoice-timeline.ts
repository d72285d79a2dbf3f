import type { InvoiceActivity } from "@/db/schema";
import { channelLabel } from "@/components/payments/payment-labels";
import { formatNaira } from "@/lib/money";

const ACTORS: Record<string, string> = {
  api: "via the API",
  dashboard: "in the dashboard",
  customer: "by the customer",
  scheduler: "automatically",
  sandbox: "by the sandbox",
};

const num = (v: unknown) => (typeof v === "number" ? v : null);
const str = (v: unknown) => (typeof v === "string" && v ? v : null);

/** One timeline entry (invoice_activity) in words: what happened and, where it says, who did it. */
export function activityText(a: Pick<InvoiceActivity, "type" | "actor" | "data">): { title: string; detail: string | null } {
  const d = a.data ?? {};
  const by = a.actor ? (ACTORS[a.actor] ?? `by ${a.actor}`) : null;
  switch (a.type) {
    case "created":
      return { title: "Created", detail: [num(d.total) !== null ? `total ${formatNaira(num(d.total)!)}` : null, by].filter(Boolean).join(" · ") || null };
    case "updated":
      return { title: "Edited", detail: by };
    case "sent":
      return { title: "Sent: payment page open", detail: by };
    case "payment": {
      const amount = num(d.amount);
      const parts = [str(d.payer_name) ? `from ${str(d.payer_name)}` : null, str(d.channel) ? channelLabel(str(d.channel)!) : null, str(d.reference)];
      return { title: amount !== null ? `Payment of ${formatNaira(amount)} received` : "Payment received", detail: parts.filter(Boolean).join(" · ") || null };
    }
    case "paid":
      return { title: "Paid in full", detail: null };
    case "paused":
      return { title: d.reason === "due_date" ? "Paused: the due date passed" : "Paused", detail: d.reason === "due_date" ? null : by };
    case "resumed":
      return { title: "Resumed", detail: by };
    case "overdue":
      return { title: "Overdue: the due date passed", detail: null };
    case "cancelled":
      return { title: "Cancelled", detail: by };
    default:
      return { title: a.type.replace(/_/g, " "), detail: by };
  }
}
