"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { verifyTransferAction } from "@/app/(dashboard)/dashboard/transfers/actions";
import { Button } from "@/components/ui/button";

export function VerifyButton({ reference }: { reference: string }) {
  const router = useRouter();
  const { execute, isPending } = useAction(verifyTransferAction, {
    onSuccess: ({ data }) => {
      toast.success(data ? `Status: ${data.status}` : "Verified");
      router.refresh();
    },
    onError: ({ error }) => toast.error(error.serverError ?? "Could not verify"),
  });
  return (
    <Button variant="secondary" onClick={() => execute({ reference })} disabled={isPending} data-testid="verify-transfer">
      {isPending ? "Checking…" : "Verify status"}
    </Button>
  );
}
