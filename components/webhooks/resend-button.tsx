"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { resendEventAction } from "@/app/(dashboard)/dashboard/developers/webhooks/actions";
import { Button } from "@/components/ui/button";

export function ResendButton({ eventId }: { eventId: string }) {
  const router = useRouter();
  const { execute, isPending } = useAction(resendEventAction, {
    onSuccess: ({ data }) => {
      if (data?.outcome === "delivered") toast.success(`Delivered (HTTP ${data.statusCode})`);
      else toast.error(`Delivery failed${data?.statusCode ? ` (HTTP ${data.statusCode})` : ""}${data?.error ? `: ${data.error}` : ""}`);
      router.refresh();
    },
    onError: ({ error }) => toast.error(error.serverError ?? "Could not resend"),
  });
  return (
    <Button onClick={() => execute({ eventId })} disabled={isPending} data-testid="resend-event">
      {isPending ? "Sending…" : "Resend"}
    </Button>
  );
}
