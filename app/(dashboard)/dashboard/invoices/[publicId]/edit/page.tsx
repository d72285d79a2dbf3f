import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { InvoiceForm } from "@/components/invoices/invoice-form";
import { Card } from "@/components/ui/card";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { findDashboardInvoice } from "@/lib/invoices/dashboard-queries";

export const metadata: Metadata = { title: "Edit invoice" };

export default async function EditInvoicePage({ params }: { params: Promise<{ publicId: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { publicId } = await params;
  const invoice = await findDashboardInvoice(ctx.db, { ...ctx.scope, publicId: decodeURIComponent(publicId) });
  if (!invoice) notFound();
  const back = `/dashboard/invoices/${invoice.publicId}`;
  return (
    <div className="max-w-4xl space-y-5">
      <Link href={back} className="text-sm text-accent hover:underline">
        ← {invoice.invoiceNumber}
      </Link>
      <div>
        <h1 className="text-xl font-semibold">Edit {invoice.invoiceNumber}</h1>
        <p className="mt-1 text-sm text-neutral-500">Only a draft can be changed. Once sent, the customer sees exactly what it says.</p>
      </div>
      {invoice.status !== "draft" ? (
        <Card className="text-sm" data-testid="inv-not-editable">
          {invoice.invoiceNumber} is {invoice.status} and can no longer be edited.{" "}
          <Link href={back} className="text-accent hover:underline">
            Back to the invoice
          </Link>
        </Card>
      ) : !rolePolicy.createReceivables(ctx.role) ? (
        <Card className="text-sm" data-testid="inv-not-allowed">
          Your role can view invoices but not edit them. Ask an owner or developer.
        </Card>
      ) : (
        <InvoiceForm invoice={invoice} />
      )}
    </div>
  );
}
