import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SettlementDestinationForm } from "@/components/settlements/settlement-destination-form";
import { ProductBanner } from "@/components/static-accounts/product-banner";
import { Card, CardTitle } from "@/components/ui/card";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { NIGERIAN_BANKS } from "@/lib/bank/nigerian-banks";
import { getSettlementSettings } from "@/lib/settlement/settlement-settings";
import { SettlementDestinationText } from "@/components/settlements/settlement-destination-text";

export const metadata: Metadata = { title: "Settlement destination" };

/** Settings → Settlement destination: where static-account settlements are paid, per mode (owners change it). */
export default async function SettlementDestinationPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const settings = await getSettlementSettings(ctx.db, ctx.scope);
  const banks = [...NIGERIAN_BANKS].sort((a, b) => a.bankName.localeCompare(b.bankName));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold">Settlement destination</h1>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          Static-account payments are batched at each cutoff and paid out here. Test and live mode each have their own.
        </p>
      </div>
      <ProductBanner state={ctx.merchant.staticAccounts} compact />
      <Card className="max-w-xl space-y-3" data-testid="settlement-destination">
        <CardTitle>Settlement destination ({ctx.mode === "test" ? "test mode" : "live mode"})</CardTitle>
        <SettlementDestinationText settings={settings} />
        <SettlementDestinationForm banks={banks} current={settings} canEdit={rolePolicy.setSettlementDestination(ctx.role)} />
      </Card>
    </div>
  );
}
