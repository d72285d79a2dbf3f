"use client";

import { toast } from "sonner";
import { resendEventAction } from "@/lib/actions/webhooks";
import { Button } from "@/components/ui/button";
import { useToastAction } from "@/components/ui/use-toast-action";

export function ResendButton({ eventId }: { eventId: string }) {
  const { execute, isPending } = useToastAction(resendEventAction, {
    onSuccess: ({ data }) => {
      if (data?.outcome === "delivered") toast.success(`Delivered (HTTP ${data.statusCode})`);
      else toast.error(`Delivery failed${data?.statusCode ? ` (HTTP ${data.statusCode})` : ""}${data?.error ? `: ${data.error}` : ""}`);
    },
    refresh: true,
    error: "Could not resend",
  });
  return (
    <Button onClick={() => execute({ eventId })} disabled={isPending} data-testid="resend-event">
      {isPending ? "Sending…" : "Resend"}
    </Button>
  );
}
