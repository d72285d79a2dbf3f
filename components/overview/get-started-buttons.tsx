"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { markGetStartedAction, startTestPaymentAction } from "@/lib/actions/home";
import { Button } from "@/components/ui/button";
import { useToastAction } from "@/components/ui/use-toast-action";

/** Creates a test checkout session (server) and opens its hosted page, where "Simulate payment" pays it. */
export function TestPaymentButton({ disabled }: { disabled: boolean }) {
  const router = useRouter();
  const [opening, setOpening] = useState(false);
  const start = useToastAction(startTestPaymentAction, {
    error: "Could not start a test payment",
    onSuccess: ({ data }) => {
      if (!data) return;
      setOpening(true);
      router.push(`/pay/${data.sessionId}`);
    },
  });
  const busy = start.isPending || opening;
  return (
    <Button
      size="sm"
      disabled={disabled || busy}
      onClick={() => start.execute()}
      data-testid="get-started-test-payment"
      title={disabled ? "Create your test API keys first" : undefined}
    >
      {busy ? "Opening checkout…" : "Make a test payment"}
    </Button>
  );
}

/** "Just me for now" (the team step counts as done) or "Hide" (the whole checklist): kept on the server. */
export function MarkGetStartedButton({ mark, children, testId }: { mark: "team" | "dismissed"; children: React.ReactNode; testId: string }) {
  const { execute, isPending } = useToastAction(markGetStartedAction, { refresh: true, error: "Could not save that" });
  return (
    <Button size="sm" variant={mark === "team" ? "secondary" : "ghost"} disabled={isPending} onClick={() => execute({ mark })} data-testid={testId}>
      {children}
    </Button>
  );
}
