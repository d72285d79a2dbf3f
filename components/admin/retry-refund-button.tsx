"use client";

import { retryRefundAction } from "@/lib/actions/admin/refunds";
import { Button } from "@/components/ui/button";
import { useToastAction } from "@/components/ui/use-toast-action";

/** A processing refund the bank has not confirmed: ask it again (idempotent on the refund id). */
export function RetryRefundButton({ refundId }: { refundId: string }) {
  const retry = useToastAction(retryRefundAction, { success: (data) => `Refund ${data?.status ?? "checked"}`, refresh: true });
  return (
    <Button variant="secondary" onClick={() => retry.execute({ refundId })} disabled={retry.isPending} data-testid="retry-refund">
      {retry.isPending ? "Asking the bank…" : "Ask the bank again"}
    </Button>
  );
}
