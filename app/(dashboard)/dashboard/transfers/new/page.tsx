import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { SendMoneyForm } from "@/components/transfers/send-money-form";
import { needsStepUp } from "@/lib/auth/two-factor/step-up";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { NIGERIAN_BANKS } from "@/lib/bank/nigerian-banks";
import { listMembers } from "@/lib/wallets/wallet-members";
import { getWalletOverview } from "@/lib/wallets/wallet-overview";
import { dashboardWalletScope } from "@/lib/wallets/wallet-scope";

export const metadata: Metadata = { title: "Send money" };

export default async function SendMoneyPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const wallet = await getWalletOverview(ctx.db, { ...ctx.scope, lines: 0 });
  const allowed = rolePolicy.moveMoney(ctx.role, ctx.mode);
  const scope = allowed ? await dashboardWalletScope(ctx.db, ctx.scope) : null;
  // Saved recipients (the wallet's members) to pick from instead of typing a PayID.
  const members = scope ? (await listMembers(ctx.db, scope, { page: 1, page_size: 100 })).items : [];
  return (
    <div className="space-y-5">
      <Link href="/dashboard/transfers" className="text-sm text-accent hover:underline">
        ← Transfers
      </Link>
      <h1 className="text-xl font-semibold">Send money</h1>
      {allowed ? (
        <SendMoneyForm
          banks={[...NIGERIAN_BANKS].sort((a, b) => a.bankName.localeCompare(b.bankName))}
          balance={wallet.balance}
          members={members}
          stepUp={await needsStepUp(ctx.db, ctx.user.id)}
        />
      ) : (
        <p className="text-sm text-neutral-600" data-testid="role-hint">
          {roleHint(ctx.role, "send money", ctx.mode)} Ask an owner.
        </p>
      )}
    </div>
  );
}
