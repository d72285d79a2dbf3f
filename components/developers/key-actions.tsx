"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { revealWebhookSecretAction, revokeKeyAction, rollKeyAction, rotateWebhookSecretAction } from "@/lib/actions/developers";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToastAction } from "@/components/ui/use-toast-action";
import { SendTestEventButton } from "@/components/webhooks/send-test-event-button";
import { SecretValue } from "./secret-reveal";
import { WebhookUrlButton } from "./webhook-url-button";

type Confirm = "roll" | "revoke" | "rotate" | null;

export function KeyActions({ keyPairId, name, webhookUrl }: { keyPairId: string; name: string; webhookUrl: string | null }) {
  const hasWebhookUrl = Boolean(webhookUrl);
  const router = useRouter();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const [webhookSecret, setWebhookSecret] = useState<string | null>(null);

  const roll = useToastAction(rollKeyAction, {
    success: "Secret key rolled",
    onSuccess: ({ data }) => {
      setConfirm(null);
      if (data) setNewSecret(data.secretKey);
    },
  });
  const revoke = useToastAction(revokeKeyAction, { success: "API key revoked", refresh: true, onSuccess: () => setConfirm(null) });
  const reveal = useToastAction(revealWebhookSecretAction, { onSuccess: ({ data }) => data && setWebhookSecret(data.webhookSecret) });
  const rotate = useToastAction(rotateWebhookSecretAction, {
    success: "Webhook secret rotated; the old one still signs for 24 hours",
    onSuccess: ({ data }) => {
      setConfirm(null);
      if (data) setWebhookSecret(data.webhookSecret);
    },
  });

  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={() => reveal.execute({ keyPairId })} disabled={reveal.isPending} data-testid="reveal-webhook-secret">
        Webhook secret
      </Button>
      <WebhookUrlButton keyPairId={keyPairId} current={webhookUrl} />
      <SendTestEventButton keyPairId={keyPairId} disabled={!hasWebhookUrl} />
      <Button size="sm" variant="secondary" onClick={() => setConfirm("roll")} data-testid="roll-key">
        Roll secret
      </Button>
      <Button size="sm" variant="danger" onClick={() => setConfirm("revoke")} data-testid="revoke-key">
        Revoke
      </Button>

      <Dialog open={confirm === "roll"} onClose={() => setConfirm(null)} title="Roll the secret key?">
        <p className="text-sm">
          A new secret key replaces the current one of <b>{name}</b>. The current secret stops working immediately; the public key stays the same.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            Cancel
          </Button>
          <Button onClick={() => roll.execute({ keyPairId })} disabled={roll.isPending} data-testid="confirm-roll">
            Roll secret key
          </Button>
        </div>
      </Dialog>
      <Dialog open={confirm === "revoke"} onClose={() => setConfirm(null)} title="Revoke this API key?">
        <p className="text-sm">
          Both the secret and public key of <b>{name}</b> stop working immediately. This cannot be undone.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => revoke.execute({ keyPairId })} disabled={revoke.isPending} data-testid="confirm-revoke">
            Revoke key
          </Button>
        </div>
      </Dialog>
      <Dialog open={confirm === "rotate"} onClose={() => setConfirm(null)} title="Rotate the webhook secret?">
        <p className="text-sm">
          A new signing secret is issued. For 24 hours every delivery carries signatures with both secrets, so you can switch over without missing events.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            Cancel
          </Button>
          <Button onClick={() => rotate.execute({ keyPairId })} disabled={rotate.isPending} data-testid="confirm-rotate">
            Rotate secret
          </Button>
        </div>
      </Dialog>
      <Dialog open={newSecret !== null} onClose={() => {}} locked title="Your new secret key">
        {newSecret && (
          <div className="space-y-4">
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">This is the only time it is shown. The previous secret no longer works.</p>
            <SecretValue label="Secret key" value={newSecret} testId="rolled-secret-key" />
            <div className="flex justify-end">
              <Button
                onClick={() => {
                  setNewSecret(null);
                  router.refresh();
                }}
                data-testid="secret-saved"
              >
                I have saved my secret key
              </Button>
            </div>
          </div>
        )}
      </Dialog>
      <Dialog open={webhookSecret !== null} onClose={() => setWebhookSecret(null)} title="Webhook signing secret">
        {webhookSecret && (
          <div className="space-y-4">
            <SecretValue label="Signing secret" value={webhookSecret} testId="webhook-secret" />
            <p className="text-xs text-neutral-500">
              Verify the <code>webhook-signature</code> header of each delivery with this secret (Standard Webhooks). Code written for the ZevPay SDK checks{" "}
              <code>x-zevpay-signature</code>: give its <code>Webhook</code> class this whole string, <code>whsec_</code> included.
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setConfirm("rotate")} data-testid="rotate-webhook-secret">
                Rotate
              </Button>
              <Button onClick={() => setWebhookSecret(null)}>Done</Button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
