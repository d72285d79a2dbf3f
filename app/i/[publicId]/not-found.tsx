import { HostedCard, HostedShell } from "@/components/checkout/hosted-shell";

export default function InvoiceNotFound() {
  return (
    <HostedShell testMode={false}>
      <HostedCard className="text-center">
        <h1 className="text-lg font-semibold" data-testid="not-found-title">Invoice not found</h1>
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          This invoice link is not valid. Check that you opened the whole link, or ask the business that sent it for a new one.
        </p>
      </HostedCard>
    </HostedShell>
  );
}
