import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { FundWalletForm } from "@/components/home/fund-wallet-form";
import { AttentionCard } from "@/components/overview/attention-card";
import { CollectedCard } from "@/components/overview/collected-card";
import { ConversionCard, InFlightCard, PendingSettlementCard } from "@/components/overview/figure-cards";
import { GetStartedCard } from "@/components/overview/get-started";
import { RecentPayments } from "@/components/overview/recent-payments";
import { Card, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { Money } from "@/components/ui/money";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { countActiveKeyPairs } from "@/lib/keys/get-key-pair";
import { getOverview } from "@/lib/overview/get-overview";
import { getStarted } from "@/lib/overview/get-started";
import { payoutOutlook } from "@/lib/payouts/run-payouts";

export const metadata: Metadata = { title: "Home" };

/** The overview: what came in, what is available and on its way, and what needs a look, for the current mode. */
export default async function OverviewPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { scope } = ctx;
  const [overview, activeKeys, payout, started] = await Promise.all([
    getOverview(ctx.db, scope),
    countActiveKeyPairs(ctx.db, scope),
    payoutOutlook(ctx.db, scope),
    getStarted(ctx.db, ctx.merchant.id),
  ]);
  const { balances } = overview;
  const canFund = rolePolicy.fundTestWallet(ctx.role, ctx.mode);
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Home</h1>
      {!started.hidden && <GetStartedCard progress={started} canPayTest={rolePolicy.fundTestWallet(ctx.role, ctx.mode)} isOwner={ctx.role === "owner"} />}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <CollectedCard collections={overview.collections} />
        </div>
        <Card className="min-w-0">
          <CardTitle>Available balance</CardTitle>
          <p className="mt-2 truncate text-2xl font-semibold" data-testid="wallet-balance">
            <Money kobo={balances.available} />
          </p>
          <p className="mt-1 text-xs text-neutral-500">
            In your wallet, {ctx.mode} mode ·{" "}
            <Link href="/dashboard/balance" className="font-medium text-accent hover:underline">
              Statement
            </Link>
          </p>
          {canFund ? (
            <FundWalletForm />
          ) : (
            ctx.mode === "test" && (
              <p className="mt-2 text-xs text-neutral-500" data-testid="role-hint">
                {roleHint(ctx.role, "fund the test wallet")}
              </p>
            )
          )}
          <p className="mt-2 text-xs text-neutral-600 dark:text-neutral-400" data-testid="overview-next-payout">
            {payout.nextAt ? (
              <>
                Next payout <Money kobo={payout.quote?.amount ?? 0} /> on <DateTime at={payout.nextAt} /> ·{" "}
              </>
            ) : null}
            <Link href="/dashboard/payouts" className="font-medium text-accent hover:underline">
              {payout.settings ? (payout.nextAt ? "Payouts" : "Automatic payouts are off") : "Set up automatic payouts"}
            </Link>
          </p>
          <div className="mt-4 border-t border-neutral-100 pt-3 dark:border-neutral-800">
            <p className="text-xs text-neutral-500">Wallet PayID</p>
            <div className="flex min-w-0 items-center gap-1">
              <p className="truncate font-mono" data-testid="wallet-payid">
                @{balances.walletPayId ?? "—"}
              </p>
              {balances.walletPayId && <CopyButton value={`@${balances.walletPayId}`} label="Copy PayID" />}
            </div>
            <Link href="/dashboard/developers" className="mt-1 inline-block text-xs font-medium text-accent hover:underline">
              {activeKeys ? `${activeKeys} active API key${activeKeys === 1 ? "" : "s"}` : "Create your first API key →"}
            </Link>
          </div>
        </Card>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <PendingSettlementCard balances={balances} />
        <InFlightCard balances={balances} />
        <ConversionCard conversion={overview.conversion} />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <RecentPayments payments={overview.recent} />
        </div>
        <AttentionCard attention={overview.attention} />
      </div>
    </div>
  );
}
