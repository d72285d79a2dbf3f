import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { CreateStaticAccountForm } from "@/components/static-accounts/create-static-account-form";
import { ProductBanner } from "@/components/static-accounts/product-banner";
import { Card } from "@/components/ui/card";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";

export const metadata: Metadata = { title: "New static account" };

export default async function NewStaticAccountPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const enabled = ctx.merchant.staticAccounts === "enabled";
  const allowed = rolePolicy.createReceivables(ctx.role);
  return (
    <div className="space-y-5">
      <Link href="/dashboard/static-accounts" className="text-sm text-accent hover:underline">
        ← Static accounts
      </Link>
      <div>
        <h1 className="text-xl font-semibold">New static account</h1>
        <p className="mt-1 text-sm text-neutral-500">
          A permanent account number for one customer. The name is checked against the identity record before the bank issues it.
        </p>
      </div>
      {!enabled ? (
        <ProductBanner state={ctx.merchant.staticAccounts} />
      ) : !allowed ? (
        <Card className="text-sm" data-testid="sa-not-allowed">
          Your role can view static accounts but not create them. Ask an owner or developer.
        </Card>
      ) : (
        <CreateStaticAccountForm />
      )}
    </div>
  );
}
