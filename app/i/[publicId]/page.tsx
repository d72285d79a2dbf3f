import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { HostedShell } from "@/components/hosted/hosted-shell";
import { HostedInvoice } from "@/components/hosted-invoice/hosted-invoice";
import { getInvoicePage } from "@/lib/hosted/invoice-page";

type Props = { params: Promise<{ publicId: string }> };

/** One read per request, shared by the title and the page (the due date applied on the way). Unknown id → null (404 page). */
const load = cache(async (publicId: string) => getInvoicePage(await getDb(), publicId));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = await load((await params).publicId);
  return { title: view ? `Invoice ${view.invoiceNumber} from ${view.merchantName}` : "Invoice not found", robots: { index: false, follow: false } };
}

// GET /i/:publicId – the hosted invoice page behind payment_url (the public id is the customer's capability)
export default async function InvoicePage({ params }: Props) {
  const view = await load((await params).publicId);
  if (!view) notFound();
  return (
    <HostedShell testMode={view.testMode} brand={view.brand}>
      <HostedInvoice view={view} />
    </HostedShell>
  );
}
