"use client";

import { HostedLoadError } from "@/components/checkout/hosted-notices";

export default function InvoiceError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <HostedLoadError
      title="We could not load this invoice"
      body="Something went wrong on our side. No money has been taken. Please try again in a moment."
      reset={reset}
    />
  );
}
