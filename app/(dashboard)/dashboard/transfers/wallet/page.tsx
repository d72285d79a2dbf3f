import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { WalletMembers } from "@/components/transfers/wallet-members";
import { WalletSettingsForm } from "@/components/transfers/wallet-settings-form";
import { Card, CardTitle } from "@/components/ui/card";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { formatNaira } from "@/lib/money";
import { listMembers } from "@/lib/wallets/wallet-members";
import { dashboardWalletScope } from "@/lib/wallets/wallet-scope";
import { getWallet } from "@/lib/wallets/wallet-settings";

export const metadata: Metadata = { title: "Wallet settings" };

export default async function WalletSettingsPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const scope = await dashboardWalletScope(ctx.db, ctx.scope);
  if (!scope) redirect("/dashboard/transfers");
  const [wallet, members] = await Promise.all([getWallet(ctx.db, scope), listMembers(ctx.db, scope, { page: 1, page_size: 100 })]);
  const canEdit = rolePolicy.moveMoney(ctx.role, ctx.mode);
  return (
    <div className="space-y-5">
      <Link href="/dashboard/transfers" className="text-sm text-accent hover:underline">
        ← Transfers
      </Link>
      <div>
        <h1 className="text-xl font-semibold">Wallet settings</h1>
        <p className="mt-1 text-sm text-neutral-500">
          <span className="font-mono">@{wallet.pay_id}</span> · {wallet.name} ({ctx.mode})
        </p>
      </div>
      {!canEdit && (
        <p className="text-sm text-neutral-600" data-testid="role-hint">
          {roleHint(ctx.role, "change wallet settings", ctx.mode)}
        </p>
      )}
      <Card className="max-w-xl space-y-4" data-testid="wallet-settings">
        <CardTitle>Limits</CardTitle>
        <dl className="grid grid-cols-2 gap-y-1 text-sm">
          <dt className="text-neutral-500">Spent today</dt>
          <dd className="whitespace-nowrap text-right tabular-nums" data-testid="spent-today">
            {formatNaira(wallet.spent_today)}
          </dd>
          <dt className="text-neutral-500">Daily limit</dt>
          <dd className="whitespace-nowrap text-right tabular-nums" data-testid="current-daily-limit">
            {wallet.daily_limit === null ? "No limit" : formatNaira(wallet.daily_limit)}
          </dd>
          <dt className="text-neutral-500">Available</dt>
          <dd className="whitespace-nowrap text-right tabular-nums">{formatNaira(wallet.available_balance)}</dd>
        </dl>
        <WalletSettingsForm membersOnly={wallet.members_only} dailyLimit={wallet.daily_limit} canEdit={canEdit} />
      </Card>
      <Card className="max-w-xl space-y-4" data-testid="wallet-members">
        <CardTitle>Saved recipients (members)</CardTitle>
        <WalletMembers members={members.items} canEdit={canEdit} />
      </Card>
    </div>
  );
}
