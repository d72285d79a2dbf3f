import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { FundWalletForm } from "@/components/home/fund-wallet-form";
import { BalanceStatement } from "@/components/overview/balance-statement";
import { Card, CardTitle } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { listWalletStatement, parseWalletStatementSearch } from "@/lib/overview/wallet-statement";
import { getWalletOverview } from "@/lib/wallets/wallet-overview";

export const metadata: Metadata = { title: "Balance" };

type Search = Record<string, string | string[] | undefined>;

/** The wallet's available balance and its statement (paged, filtered by date, exportable), for the current mode. */
export default async function BalancePage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parseWalletStatementSearch(await searchParams);
  const { scope } = ctx;
  const [wallet, statement] = await Promise.all([getWalletOverview(ctx.db, { ...scope, lines: 0 }), listWalletStatement(ctx.db, { ...scope, ...query })]);
  const canFund = rolePolicy.fundTestWallet(ctx.role, ctx.mode);
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Balance</h1>
      <Card className="max-w-md">
        <CardTitle>Available balance</CardTitle>
        <p className="mt-2 text-2xl font-semibold" data-testid="wallet-balance">
          <Money kobo={wallet.balance} />
        </p>
        <p className="mt-1 text-xs text-neutral-500">
          In your wallet{wallet.payId ? ` @${wallet.payId}` : ""}, {ctx.mode} mode
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
      </Card>
      <BalanceStatement result={statement} query={query} />
    </div>
  );
}
