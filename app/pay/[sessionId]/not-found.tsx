import { HostedCard, HostedShell } from "@/components/checkout/hosted-shell";

export default function CheckoutNotFound() {
  return (
    <HostedShell testMode={false}>
      <HostedCard className="text-center">
        <h1 className="text-lg font-semibold" data-testid="not-found-title">Checkout not found</h1>
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          This payment link is not valid. Check that you opened the whole link, or go back to the shop and start the payment again.
        </p>
      </HostedCard>
    </HostedShell>
  );
}
