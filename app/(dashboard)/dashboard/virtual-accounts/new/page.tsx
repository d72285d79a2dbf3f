import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { CreateVirtualAccountForm } from "@/components/virtual-accounts/create-virtual-account-form";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";

export const metadata: Metadata = { title: "New virtual account" };

export default async function NewVirtualAccountPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  return (
    <div className="space-y-5">
      <Link href="/dashboard/virtual-accounts" className="text-sm text-accent hover:underline">
        ← Virtual accounts
      </Link>
      <div>
        <h1 className="text-xl font-semibold">New virtual account</h1>
        <p className="mt-1 text-sm text-neutral-500">A temporary bank account number for one payment. It settles to your wallet ({ctx.mode} mode).</p>
      </div>
      {rolePolicy.createReceivables(ctx.role) ? (
        <CreateVirtualAccountForm />
      ) : (
        <p className="text-sm text-neutral-600">Your role cannot create virtual accounts. Ask an owner or a developer.</p>
      )}
    </div>
  );
}
