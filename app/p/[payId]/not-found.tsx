import { HostedCard, HostedShell } from "@/components/checkout/hosted-shell";

export default function PayIdNotFound() {
  return (
    <HostedShell testMode={false}>
      <HostedCard className="text-center">
        <h1 className="text-lg font-semibold" data-testid="not-found-title">PayID not found</h1>
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          No one has this PayID. Check the spelling with the person you are paying, or scan their code again.
        </p>
      </HostedCard>
    </HostedShell>
  );
}
