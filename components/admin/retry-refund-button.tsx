"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { retryRefundAction } from "@/app/(admin)/admin/actions";
import { Button } from "@/components/ui/button";

/** A processing refund the bank has not confirmed: ask it again (idempotent on the refund id). */
export function RetryRefundButton({ refundId }: { refundId: string }) {
  const router = useRouter();
  const retry = useAction(retryRefundAction, {
    onSuccess: ({ data }) => {
      toast.success(`Refund ${data?.status ?? "checked"}`);
      router.refresh();
    },
    onError: ({ error }) => toast.error(error.serverError ?? "Something went wrong"),
  });
  return (
    <Button variant="secondary" onClick={() => retry.execute({ refundId })} disabled={retry.isPending} data-testid="retry-refund">
      {retry.isPending ? "Asking the bank…" : "Ask the bank again"}
    </Button>
  );
}
