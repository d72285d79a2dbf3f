"use client";

import { HostedLoadError } from "@/components/checkout/hosted-notices";

export default function PaymentLinkError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <HostedLoadError title="We could not load this payment link" body="Something went wrong on our side. Please try again in a moment." reset={reset} />;
}
