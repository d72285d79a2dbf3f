"use client";

import { HostedLoadError } from "@/components/checkout/hosted-notices";

export default function CheckoutError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <HostedLoadError
      title="We could not load this checkout"
      body="Something went wrong on our side. No money has been taken. Please try again in a moment."
      reset={reset}
    />
  );
}
