import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { CreateKeyButton } from "@/components/developers/create-key-button";
import { inlineSnippet, zevpaySwap } from "@/components/developers/inline-snippet";
import { TryInlineButton } from "@/components/developers/try-inline-button";
import { Card, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { CRYPTO_CATALOGUE } from "@/lib/crypto-assets/catalogue";
import { originAllowed } from "@/lib/keys/allowed-domains";
import { listKeyPairs } from "@/lib/keys/get-key-pair";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { requestBaseUrl } from "@/lib/http/request-base-url";

export const metadata: Metadata = { title: "Inline checkout" };

const pre = "overflow-x-auto rounded-md bg-neutral-50 p-3 font-mono text-xs leading-relaxed dark:bg-neutral-950";

// Developers → Inline checkout: the snippet with the merchant's test public key, "Try it" and the keys' allowed domains.
export default async function InlineCheckoutPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const scope = { merchantId: ctx.merchant.id, mode: "test" as const };
  const [keys, wallet, baseUrl] = await Promise.all([listKeyPairs(ctx.db, scope), getWalletPayId(ctx.db, ctx.scope), requestBaseUrl()]);
  const active = keys.filter((k) => !k.revokedAt);
  // "Try it" opens the checkout from the dashboard itself: a key whose allowed domains admit this origin.
  const here = new URL(baseUrl).origin;
  const key = active.find((k) => k.allowedDomains.length === 0 || originAllowed(here, k.allowedDomains)) ?? null;
  const snippet = inlineSnippet(baseUrl, key?.publicKey ?? "pk_test_…");
  const swap = zevpaySwap(baseUrl);
  const canCreate = ctx.mode === "test" && rolePolicy.manageDevelopers(ctx.role, ctx.mode);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold">Inline checkout</h1>
        <p className="text-sm text-neutral-500">
          Take a payment in a window over your own page: load <code className="font-mono text-xs">/v1/inline.js</code> and call{" "}
          <code className="font-mono text-xs">Owo.checkout()</code> with your public key. The customer never leaves your site.
        </p>
      </div>

      <Card className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Snippet{key ? ` (test key “${key.name}”)` : ""}</CardTitle>
          <CopyButton value={snippet} label="Copy snippet" />
        </div>
        <pre tabIndex={0} className={pre} data-testid="inline-snippet">
          {snippet}
        </pre>
        {key ? (
          <TryInlineButton publicKey={key.publicKey} email={ctx.user.email} />
        ) : (
          <EmptyState testId="inline-no-key" title="No test key yet">
            <EmptyHint>
              Create a test key pair on{" "}
              <Link href="/dashboard/developers" className="text-accent underline">
                API keys
              </Link>{" "}
              (in test mode) whose allowed domains are empty or include this dashboard&apos;s, to fill in the snippet and try it here.
            </EmptyHint>
          </EmptyState>
        )}
      </Card>

      {/* Only for a shop moving its page over from ZevPay: folded away until asked for. */}
      <Card className="p-0">
        <details data-testid="zevpay-card">
          <summary className="cursor-pointer px-5 py-4 text-sm font-medium text-neutral-600 hover:text-neutral-900 dark:text-neutral-300 dark:hover:text-white">
            Moving a page over from ZevPay?
          </summary>
          <div className="space-y-3 px-5 pb-5">
            <p className="text-sm">
              A page written for ZevPay&apos;s inline script (<code className="font-mono text-xs">new ZevPay.ZevPayCheckout().checkout({"{…}"})</code>) works
              unchanged with an Owo public key: change only where the script comes from.
            </p>
            <pre tabIndex={0} className={pre} data-testid="zevpay-swap">{`- ${swap.before}\n+ ${swap.after}`}</pre>
          </div>
        </details>
      </Card>

      <Card className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Allowed domains</CardTitle>
          {canCreate && (
            <CreateKeyButton
              mode={ctx.mode}
              walletPayId={wallet?.payId ?? null}
              cryptoAssets={CRYPTO_CATALOGUE.map((a) => ({ value: `${a.assetCode}:${a.network}`, label: a.displayName }))}
            />
          )}
        </div>
        <p className="text-sm text-neutral-500">
          A public key with allowed domains opens checkouts only from pages on those domains (and only they may frame the checkout). Without any, every origin
          may use it: set them on live keys. They are chosen when a key is created.
        </p>
        {active.length === 0 ? (
          <p className="text-sm text-neutral-500">No test keys.</p>
        ) : (
          <ul className="divide-y divide-neutral-200 text-sm dark:divide-neutral-800" data-testid="inline-key-domains">
            {active.map((k) => (
              <li key={k.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <span className="font-medium">{k.name}</span>
                <span className="font-mono text-xs break-all text-neutral-500">{k.publicKey}</span>
                <span className="w-full sm:w-auto">
                  {k.allowedDomains.length ? k.allowedDomains.join(", ") : <span className="text-neutral-500 dark:text-neutral-400">Any origin</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
