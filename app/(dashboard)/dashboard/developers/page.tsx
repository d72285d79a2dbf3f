import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { CreateKeyButton } from "@/components/developers/create-key-button";
import { KeyPairList } from "@/components/developers/key-pair-list";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { CRYPTO_CATALOGUE } from "@/lib/crypto-assets/catalogue";
import { listKeyPairs } from "@/lib/keys/get-key-pair";
import { getWalletPayId } from "@/lib/payids/find-pay-id";

export const metadata: Metadata = { title: "API keys" };

export default async function DevelopersPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { scope } = ctx;
  const [keys, wallet] = await Promise.all([listKeyPairs(ctx.db, scope), getWalletPayId(ctx.db, scope)]);
  const canManage = rolePolicy.manageDevelopers(ctx.role, ctx.mode);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">API keys</h1>
          <p className="text-sm text-neutral-500">
            {ctx.mode === "test" ? "Test keys move no real money." : "Live keys move real money: keep secret keys on your server."}
          </p>
          <p className="mt-1 text-sm" data-testid="developers-docs-links">
            <Link href="/docs/quickstart" className="text-accent hover:underline">
              Quickstart
            </Link>
            {" · "}
            <Link href="/docs/webhooks" className="text-accent hover:underline">
              Verifying webhooks
            </Link>
            {" · "}
            <Link href="/docs" className="text-accent hover:underline">
              API reference
            </Link>
          </p>
        </div>
        {canManage ? (
          <CreateKeyButton
            mode={ctx.mode}
            walletPayId={wallet?.payId ?? null}
            cryptoAssets={CRYPTO_CATALOGUE.map((a) => ({ value: `${a.assetCode}:${a.network}`, label: a.displayName }))}
          />
        ) : (
          <p className="text-xs text-neutral-500" data-testid="role-hint">
            {roleHint(ctx.role, "create, roll or revoke keys or reveal webhook secrets", ctx.mode)}
          </p>
        )}
      </div>
      <KeyPairList
        canManage={canManage}
        walletPayId={wallet?.payId ?? null}
        keys={keys.map((k) => ({
          id: k.id,
          name: k.name,
          secretHint: `${k.secretPrefix}…${k.secretLast4}`,
          publicKey: k.publicKey,
          permissions: k.permissions,
          webhookUrl: k.webhookUrl,
          allowedDomains: k.allowedDomains,
          paymentMethods: k.paymentMethods,
          cryptoAssets: k.cryptoAssets,
          walletLinked: Boolean(k.walletPayIdId),
          revoked: Boolean(k.revokedAt),
          createdAt: k.createdAt.toISOString(),
        }))}
      />
    </div>
  );
}
