"use client";

import { ChevronLeft, LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

/**
 * "I've sent the money" on a hosted page: the page is asking for the payment (the caller
 * polls); the payer can go back to the details. `heading`: h2 where it fills the card, h3
 * under the card's own title.
 */
export function CheckingPayment({
  onBack,
  heading: Heading = "h2",
  testId,
  backTestId,
  className,
}: {
  onBack: () => void;
  heading?: "h2" | "h3";
  testId: string;
  backTestId: string;
  className?: string;
}) {
  return (
    <div className={cn("space-y-3 py-4 text-center", className)} aria-live="polite" data-testid={testId}>
      <LoaderCircle className="mx-auto h-10 w-10 animate-spin text-accent" aria-hidden />
      <Heading className="text-lg font-semibold">Checking for your payment…</Heading>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        This page updates by itself as soon as the money arrives, usually within a minute of your bank confirming it. Please keep it open.
      </p>
      <Button variant="ghost" onClick={onBack} data-testid={backTestId}>
        <ChevronLeft className="h-4 w-4" aria-hidden /> Show payment details again
      </Button>
    </div>
  );
}
