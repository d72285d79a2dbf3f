import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { FundWalletForm } from "@/components/home/fund-wallet-form";
import { StatementTable } from "@/components/home/statement-table";
import { Card, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Money } from "@/components/ui/money";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { countActiveKeyPairs } from "@/lib/keys/get-key-pair";
import { getWalletOverview } from "@/lib/wallets/wallet-overview";

export const metadata: Metadata = { title: "Home" };

export default async function OverviewPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const scope = { merchantId: ctx.merchant.id, mode: ctx.mode };
  const [wallet, activeKeys] = await Promise.all([getWalletOverview(ctx.db, scope), countActiveKeyPairs(ctx.db, scope)]);
  const canFund = rolePolicy.fundTestWallet(ctx.role, ctx.mode);
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Home</h1>
      <div className="grid gap-4 md:grid-cols-3">
        <Card>
          <CardTitle>Wallet balance</CardTitle>
          <p className="mt-2 text-2xl font-semibold" data-testid="wallet-balance"><Money kobo={wallet.balance} /></p>
          <p className="mt-1 text-xs text-neutral-500">Available in {ctx.mode} mode</p>
          {canFund ? <FundWalletForm /> : ctx.mode === "test" && <p className="mt-2 text-xs text-neutral-500" data-testid="role-hint">{roleHint(ctx.role, "fund the test wallet")}</p>}
        </Card>
        <Card>
          <CardTitle>Wallet PayID</CardTitle>
          <div className="mt-2 flex items-center gap-1">
            <p className="font-mono text-lg" data-testid="wallet-payid">@{wallet.payId ?? "—"}</p>
            {wallet.payId && <CopyButton value={`@${wallet.payId}`} label="Copy PayID" />}
          </div>
          <p className="mt-1 text-xs text-neutral-500">Anyone can send you money with this PayID.</p>
        </Card>
        <Card>
          <CardTitle>Active API keys</CardTitle>
          <p className="mt-2 text-2xl font-semibold">{activeKeys}</p>
          <Link href="/dashboard/developers" className="mt-1 inline-block text-xs font-medium text-accent hover:underline">
            {activeKeys ? "Manage keys" : "Create your first key →"}
          </Link>
        </Card>
      </div>
      <StatementTable lines={wallet.statement} />
    </div>
  );
}
