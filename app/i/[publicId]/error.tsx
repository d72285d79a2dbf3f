"use client";

import { HostedCard, HostedShell } from "@/components/checkout/hosted-shell";
import { Button } from "@/components/ui/button";

/** Something failed on our side: a plain sentence and a retry, never a stack trace. */
export default function InvoiceError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <HostedShell testMode={false}>
      <HostedCard className="space-y-3 text-center">
        <h1 className="text-lg font-semibold">We could not load this invoice</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">Something went wrong on our side. No money has been taken. Please try again in a moment.</p>
        <Button onClick={reset}>Try again</Button>
      </HostedCard>
    </HostedShell>
  );
}
