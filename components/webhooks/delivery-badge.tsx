import { StatusBadge } from "@/components/ui/badge";

const TONE: Record<string, string> = { pending: "pending", delivered: "completed", exhausted: "failed", no_endpoint: "expired" };
const LABEL: Record<string, string> = { pending: "Pending", delivered: "Delivered", exhausted: "Exhausted", no_endpoint: "No endpoint" };

/** A delivery status in the product's one colour language. */
export function DeliveryBadge({ status, attempts }: { status: string; attempts: number }) {
  const retrying = status === "pending" && attempts > 0;
  return <StatusBadge status={retrying ? "failed" : (TONE[status] ?? status)} label={retrying ? `Retrying (${attempts} failed)` : (LABEL[status] ?? status)} />;
}
