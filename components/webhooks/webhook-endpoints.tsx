import Link from "@/components/ui/link";
import { WebhookUrlButton } from "@/components/developers/webhook-url-button";
import { Card, CardTitle } from "@/components/ui/card";
import type { KeyPairView } from "@/lib/keys/key-view";
import { SendTestEventButton } from "./send-test-event-button";

/**
 * Where each active key's events go, in plain sight on Developers → Webhooks (issue 26: the URL
 * was only inside the key dialog): the URL, changing it, and a test event to it.
 */
export function WebhookEndpoints({ keys, canManage }: { keys: KeyPairView[]; canManage: boolean }) {
  const active = keys.filter((k) => !k.revokedAt);
  return (
    <Card data-testid="webhook-endpoints">
      <CardTitle>Webhook endpoints</CardTitle>
      {active.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          Webhooks are sent to a key&apos;s URL.{" "}
          <Link href="/dashboard/developers" className="font-medium text-accent hover:underline">
            Create an API key
          </Link>{" "}
          first.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-neutral-100 dark:divide-neutral-800">
          {active.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="webhook-endpoint">
              <div className="min-w-0">
                <p className="text-sm font-medium">{k.name}</p>
                <p className="break-all font-mono text-xs text-neutral-600 dark:text-neutral-400" data-testid="webhook-endpoint-url">
                  {k.webhookUrl ?? "No webhook URL yet"}
                </p>
              </div>
              {canManage && (
                <div className="flex flex-wrap gap-2">
                  <WebhookUrlButton keyPairId={k.id} current={k.webhookUrl} />
                  <SendTestEventButton keyPairId={k.id} disabled={!k.webhookUrl} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
