import { StatusBadge } from "@/components/ui/badge";

export function TransferStatus({ status }: { status: string }) {
  return (
    <span data-testid="transfer-status">
      <StatusBadge status={status} />
    </span>
  );
}
