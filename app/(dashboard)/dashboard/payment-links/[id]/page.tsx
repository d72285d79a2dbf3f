import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { LinkActiveToggle } from "@/components/payment-links/link-active-toggle";
import { LinkPaymentsCard } from "@/components/payment-links/link-payments-card";
import { PaymentLinkFormButton } from "@/components/payment-links/payment-link-form";
import { ShareLink } from "@/components/payment-links/share-link";
import { QrCode } from "@/components/hosted/qr-code";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { isAppError } from "@/lib/errors";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { linkAmountText } from "@/lib/payment-links/link-amount-text";
import { linkPayments } from "@/lib/payment-links/link-payments";
import { paymentLinkUrl } from "@/lib/payment-links/payment-link-view";
import { getPaymentLinkOrThrow } from "@/lib/payment-links/payment-links";
import { qrSvg } from "@/lib/qr-svg";

export const metadata: Metadata = { title: "Payment link" };

const COLLECTED: Record<string, string> = { phone: "Phone number", address: "Delivery address" };

export default async function PaymentLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { id } = await params;
  const { scope } = ctx;
  const link = await getPaymentLinkOrThrow(ctx.db, { ...scope, id }).catch((err) => {
    if (isAppError(err)) return null;
    throw err;
  });
  if (!link) notFound();
  const [received, base] = await Promise.all([linkPayments(ctx.db, { ...scope, linkId: link.id }), requestBaseUrl()]);
  const url = paymentLinkUrl(base, link.slug);
  const qr = await qrSvg(url);
  const canEdit = rolePolicy.createReceivables(ctx.role);
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  );

  return (
    <div className="space-y-5">
      <Link href="/dashboard/payment-links" className="text-sm text-accent hover:underline">
        ← Payment links
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold break-words" data-testid="payment-link-heading">
            {link.title}
          </h1>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span data-testid="payment-link-status">
              <StatusBadge status={link.isActive ? "active" : "deactivated"} label={link.isActive ? "Active" : "Inactive"} />
            </span>
            <span className="text-sm font-medium tabular-nums" data-testid="payment-link-amount-text">
              {linkAmountText(link)}
            </span>
          </div>
        </div>
        {canEdit && (
          <div className="flex gap-2">
            <PaymentLinkFormButton
              link={{
                id: link.id,
                title: link.title,
                description: link.description,
                amount: link.amount,
                minAmount: link.minAmount,
                maxAmount: link.maxAmount,
                collectFields: link.collectFields,
                allowQuantity: link.allowQuantity,
                redirectUrl: link.redirectUrl,
                isActive: link.isActive,
              }}
            />
            <LinkActiveToggle id={link.id} isActive={link.isActive} />
          </div>
        )}
      </div>
      {!link.isActive && (
        <p className="rounded-md bg-neutral-100 p-3 text-sm text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300" data-testid="payment-link-inactive">
          This link is inactive: its page tells customers it is not accepting payments until you activate it.
        </p>
      )}
      <Card>
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          <div className="w-44 shrink-0">
            <QrCode svg={qr} label={`QR code for the payment link ${link.title}`} />
          </div>
          <div className="w-full min-w-0 space-y-3 text-sm">
            <p className="text-neutral-500">Customers scan the code or open the link to pay.</p>
            <p className="flex items-center gap-1">
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                className="min-w-0 font-mono text-xs break-all text-accent hover:underline"
                data-testid="payment-link-url"
              >
                {url}
              </a>
              <CopyButton value={url} label="Copy link" className="shrink-0" />
            </p>
            <ShareLink url={url} title={link.title} />
          </div>
        </div>
      </Card>
      <Card>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr] sm:gap-y-2">
          {row("Description", link.description ?? "—")}
          {row("Amount", linkAmountText(link))}
          {row("Quantity", link.allowQuantity ? "The customer chooses (amount × quantity)" : "One")}
          {row("Also asks for", link.collectFields.length ? link.collectFields.map((f) => COLLECTED[f] ?? f).join(", ") : "Nothing beyond name and email")}
          {row("After payment", link.redirectUrl ? <span className="break-all">{link.redirectUrl}</span> : "The checkout's own confirmation")}
          {row("Created by", link.keyPairId ? <span className="font-mono text-xs break-all">API key {link.keyPairId}</span> : "Dashboard")}
          {row(
            "Id",
            <span className="flex items-center gap-1 font-mono text-xs break-all">
              {link.id}
              <CopyButton value={link.id} label="Copy id" />
            </span>,
          )}
          {row("Created", <DateTime at={link.createdAt} />)}
        </dl>
      </Card>
      <LinkPaymentsCard {...received} empty={link.isActive ? "No payments yet. Share the link or its QR code to receive one." : "No payments were received."} />
    </div>
  );
}
