import { z } from "zod";
import { LINK_COLLECT_FIELDS, type PaymentLink } from "@/db/schema";
import { kobo, metadata, pageOf, responseSchema, timestamp } from "@/lib/response-schema";

/** The address customers open: `{base}/l/<slug>`, served by app/l/[slug]. */
export const paymentLinkUrl = (base: string, slug: string) => `${base}/l/${encodeURIComponent(slug)}`;

/** A payment link as /v1/checkout/payment-links answers it (amounts in kobo, as sessions take them). */
export const PaymentLinkSchema = responseSchema(
  "PaymentLink",
  z.object({
    id: z.string(),
    slug: z.string(),
    url: z.string().meta({ description: "The page customers open: {base}/l/<slug>" }),
    title: z.string(),
    description: z.string().nullable(),
    amount_type: z.enum(["fixed", "customer_choice"]),
    amount: kobo().nullable().meta({ description: "The fixed amount per unit in kobo; null when the customer chooses" }),
    min_amount: kobo().nullable().meta({ description: "The least a customer may choose (kobo); null for a fixed amount" }),
    max_amount: kobo().nullable().meta({ description: "The most a customer may choose (kobo); null: no maximum, or a fixed amount" }),
    collect_fields: z.array(z.enum(LINK_COLLECT_FIELDS)),
    allow_quantity: z.boolean(),
    redirect_url: z.string().nullable(),
    is_active: z.boolean(),
    metadata: metadata().nullable(),
    source: z.enum(["api", "dashboard"]),
    api_key_id: z.string().nullable(),
    settlement_pay_id_id: z.string(),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
  "A shareable page for a fixed amount or one the customer chooses. Each payment is a checkout session; its charge.success carries metadata.payment_link_id.",
);
export type PaymentLinkView = z.output<typeof PaymentLinkSchema>;
export const PaymentLinkPageSchema = responseSchema("PaymentLinkPage", pageOf(PaymentLinkSchema));

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
