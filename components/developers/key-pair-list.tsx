import { StatusBadge, Tag } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { KeyActions } from "./key-actions";
import { paymentMethodLabel, permissionLabel } from "./key-labels";
import { DateTime } from "@/components/ui/date-time";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";

export type KeyRow = {
  id: string;
  name: string;
  secretHint: string;
  publicKey: string;
  permissions: string[];
  webhookUrl: string | null;
  allowedDomains: string[];
  paymentMethods: string[];
  cryptoAssets: string[];
  walletLinked: boolean;
  revoked: boolean;
  createdAt: string;
};

export function KeyPairList({ keys, canManage, walletPayId }: { keys: KeyRow[]; canManage: boolean; walletPayId: string | null }) {
  if (keys.length === 0) {
    return (
      <EmptyState testId="keys-empty" title="No API keys yet">
        <EmptyHint>Create a key pair to call the Owo API from your server and your checkout page.</EmptyHint>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3" data-testid="key-list">
      {keys.map((k) => (
        <li key={k.id} data-testid="key-row" data-key-id={k.id}>
          <Card className={k.revoked ? "opacity-60" : undefined}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 space-y-2">
                <div className="flex items-center gap-2">
                  <p className="font-medium">{k.name}</p>
                  <StatusBadge status={k.revoked ? "revoked" : "active"} />
                </div>
                <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-neutral-500">Secret key</dt>
                  <dd className="font-mono text-xs" data-testid="secret-hint">
                    {k.secretHint}
                  </dd>
                  <dt className="text-neutral-500">Public key</dt>
                  <dd className="flex items-center gap-1 font-mono text-xs">
                    <span className="break-all" data-testid="public-key">
                      {k.publicKey}
                    </span>
                    <CopyButton value={k.publicKey} label="Copy public key" />
                  </dd>
                  <dt className="text-neutral-500">Permissions</dt>
                  <dd className="flex flex-wrap gap-1">
                    {k.permissions.map((p) => (
                      <Tag key={p}>{permissionLabel(p)}</Tag>
                    ))}
                  </dd>
                  <dt className="text-neutral-500">Payment methods</dt>
                  <dd className="flex flex-wrap gap-1">
                    {[...k.paymentMethods.map(paymentMethodLabel), ...(k.cryptoAssets.length ? [`Crypto (${k.cryptoAssets.join(", ")})`] : [])].map((p) => (
                      <Tag key={p}>{p}</Tag>
                    ))}
                  </dd>
                  <dt className="text-neutral-500">Webhook URL</dt>
                  <dd className="break-all">{k.webhookUrl ?? <span className="text-neutral-500 dark:text-neutral-400">Not set</span>}</dd>
                  <dt className="text-neutral-500">Allowed domains</dt>
                  <dd>{k.allowedDomains.length ? k.allowedDomains.join(", ") : <span className="text-neutral-500 dark:text-neutral-400">Any origin</span>}</dd>
                  <dt className="text-neutral-500">Wallet</dt>
                  <dd>{k.walletLinked ? `@${walletPayId}` : <span className="text-neutral-500 dark:text-neutral-400">Not linked (no transfers)</span>}</dd>
                  <dt className="text-neutral-500">Created</dt>
                  <dd>
                    <DateTime at={k.createdAt} />
                  </dd>
                </dl>
              </div>
              {canManage && !k.revoked && <KeyActions keyPairId={k.id} name={k.name} webhookUrl={k.webhookUrl} />}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
