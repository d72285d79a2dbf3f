import type { LinkCollectField, PaymentLink } from "@/db/schema";

/** The address customers open: `{base}/l/<slug>`, served by app/l/[slug]. */
export const paymentLinkUrl = (base: string, slug: string) => `${base}/l/${encodeURIComponent(slug)}`;

/** A payment link as /v1/checkout/payment-links answers it (amounts in kobo, as sessions take them). */
export type PaymentLinkView = {
  id: string;
  slug: string;
  url: string;
  title: string;
  description: string | null;
  /** `fixed`: every customer pays `amount`; `customer_choice`: they choose within min_amount..max_amount. */
  amount_type: "fixed" | "customer_choice";
  amount: number | null;
  min_amount: number | null;
  max_amount: number | null;
  collect_fields: LinkCollectField[];
  allow_quantity: boolean;
  redirect_url: string | null;
  is_active: boolean;
  metadata: Record<string, unknown> | null;
  source: "api" | "dashboard";
  api_key_id: string | null;
  settlement_pay_id_id: string;
  created_at: string;
  updated_at: string;
};

export function toPaymentLinkView(link: PaymentLink, baseUrl: string): PaymentLinkView {
  return {
    id: link.id,
    slug: link.slug,
    url: paymentLinkUrl(baseUrl, link.slug),
    title: link.title,
    description: link.description,
    amount_type: link.amount === null ? "customer_choice" : "fixed",
    amount: link.amount,
    min_amount: link.minAmount,
    max_amount: link.maxAmount,
    collect_fields: link.collectFields,
    allow_quantity: link.allowQuantity,
    redirect_url: link.redirectUrl,
    is_active: link.isActive,
    metadata: link.metadata,
    source: link.source === "dashboard" ? "dashboard" : "api",
    api_key_id: link.keyPairId,
    settlement_pay_id_id: link.settlementPayIdId,
    created_at: link.createdAt.toISOString(),
    updated_at: link.updatedAt.toISOString(),
  };
}
