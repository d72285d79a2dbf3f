"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { sendTestEventAction } from "@/lib/actions/webhooks";
import { Button } from "@/components/ui/button";
import { useToastAction } from "@/components/ui/use-toast-action";

export function SendTestEventButton({ keyPairId, disabled }: { keyPairId: string; disabled?: boolean }) {
  const router = useRouter();
  const { execute, isPending } = useToastAction(sendTestEventAction, {
    onSuccess: ({ data }) => {
      toast.success("Test event sent", {
        action: data ? { label: "View", onClick: () => router.push(`/dashboard/developers/webhooks/${data.eventId}`) } : undefined,
      });
    },
    error: "Could not send a test event",
  });
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={disabled || isPending}
      title={disabled ? "Set a webhook URL on this key first" : undefined}
      onClick={() => execute({ keyPairId })}
      data-testid="send-test-event"
    >
      {isPending ? "Sending…" : "Send test event"}
    </Button>
  );
}
