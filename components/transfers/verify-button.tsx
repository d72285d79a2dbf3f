"use client";

import { verifyTransferAction } from "@/lib/actions/transfers";
import { Button } from "@/components/ui/button";
import { useToastAction } from "@/components/ui/use-toast-action";
import { statusLabel } from "@/lib/status-label";

export function VerifyButton({ reference }: { reference: string }) {
  const { execute, isPending } = useToastAction(verifyTransferAction, {
    success: (data) => (data ? `Status: ${statusLabel(data.status)}` : "Verified"),
    refresh: true,
    error: "Could not verify",
  });
  return (
    <Button variant="secondary" onClick={() => execute({ reference })} disabled={isPending} data-testid="verify-transfer">
      {isPending ? "Checking…" : "Verify status"}
    </Button>
  );
}
