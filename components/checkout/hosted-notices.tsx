import { Button } from "@/components/ui/button";
import { HostedCard, HostedShell } from "@/components/hosted/hosted-shell";

/** A hosted page's error boundary: something failed on our side, a plain sentence and a retry, never a stack trace. */
export function HostedLoadError({ title, body, reset }: { title: string; body: string; reset: () => void }) {
  return (
    <HostedShell testMode={false}>
      <HostedCard className="space-y-3 text-center">
        <h1 className="text-lg font-semibold">{title}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{body}</p>
        <Button onClick={reset}>Try again</Button>
      </HostedCard>
    </HostedShell>
  );
}

/** A hosted page's 404: what was not found and what the customer can do. */
export function HostedNotFound({ title, body }: { title: string; body: string }) {
  return (
    <HostedShell testMode={false}>
      <HostedCard className="text-center">
        <h1 className="text-lg font-semibold" data-testid="not-found-title">
          {title}
        </h1>
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{body}</p>
      </HostedCard>
    </HostedShell>
  );
}
