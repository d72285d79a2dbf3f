import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { HostedCard, HostedShell } from "@/components/hosted/hosted-shell";
import { PaySummary } from "@/components/hosted/pay-summary";
import { LinkPayForm } from "@/components/payment-links/link-pay-form";
import { linkAmountText } from "@/lib/payment-links/link-amount-text";
import { getLinkPage } from "@/lib/payment-links/link-page";
import { LINK_MAX_QUANTITY } from "@/lib/payment-links/link-limits";

type Props = { params: Promise<{ slug: string }> };

const load = cache(async (slug: string) => getLinkPage(await getDb(), slug));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load((await params).slug);
  return { title: found ? `${found.link.title} · ${found.brand.name}` : "Payment link not found", robots: { index: false, follow: false } };
}

// GET /l/:slug – a payment link's page: the customer says how much (when they choose) and who
// they are, then pays on the hosted checkout (/pay/<session>) the link's session opens.
export default async function PaymentLinkPage({ params }: Props) {
  const found = await load((await params).slug);
  if (!found) notFound();
  const { link, brand, open } = found;
  const choice = link.amount === null;
  return (
    <HostedShell testMode={link.mode === "test"} brand={brand}>
      <PaySummary merchantName={brand.name} amount={link.amount} amountNote={choice ? `${linkAmountText(link)} · you choose` : undefined} />
      <HostedCard className="space-y-4">
        <div>
          <h2 className="text-base font-semibold break-words" data-testid="link-title">
            {link.title}
          </h2>
          {link.description && (
            <p className="mt-1 text-sm break-words whitespace-pre-line text-neutral-600 dark:text-neutral-400" data-testid="link-description">
              {link.description}
            </p>
          )}
        </div>
        {open ? (
          <LinkPayForm
            slug={link.slug}
            fixedAmount={link.amount}
            minAmount={link.minAmount}
            maxAmount={link.maxAmount}
            allowQuantity={link.allowQuantity}
            maxQuantity={LINK_MAX_QUANTITY}
            askPhone={link.collectFields.includes("phone")}
            askAddress={link.collectFields.includes("address")}
          />
        ) : (
          <p
            className="rounded-lg bg-neutral-50 p-3 text-sm text-neutral-700 ring-1 ring-neutral-200 dark:bg-neutral-950 dark:text-neutral-300 dark:ring-neutral-800"
            data-testid="link-closed"
          >
            This link is not accepting payments. Please contact {brand.name} if you meant to pay them.
          </p>
        )}
      </HostedCard>
    </HostedShell>
  );
}
