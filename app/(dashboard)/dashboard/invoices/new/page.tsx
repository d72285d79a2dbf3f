import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { InvoiceForm } from "@/components/invoices/invoice-form";
import { Card } from "@/components/ui/card";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";

export const metadata: Metadata = { title: "New invoice" };

export default async function NewInvoicePage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  return (
    <div className="max-w-4xl space-y-5">
      <Link href="/dashboard/invoices" className="text-sm text-accent hover:underline">
        ← Invoices
      </Link>
      <div>
        <h1 className="text-xl font-semibold">New invoice</h1>
        <p className="mt-1 text-sm text-neutral-500">
          Save it as a draft to finish later, or create and send it: the customer gets a payment page and pays by bank transfer or PayID
          {ctx.mode === "test" ? " (test mode: no real money moves)" : ""}.
        </p>
      </div>
      {rolePolicy.createReceivables(ctx.role) ? (
        <InvoiceForm />
      ) : (
        <Card className="text-sm" data-testid="inv-not-allowed">
          Your role can view invoices but not create them. Ask an owner or developer.
        </Card>
      )}
    </div>
  );
}
