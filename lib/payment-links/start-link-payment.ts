import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { apiKeyPairs, type PaymentLink } from "@/db/schema";
import { httpError, invalidState, notFound } from "@/lib/errors";
import { checkNairaField, formatNaira } from "@/lib/money";
import { initializeSession } from "@/lib/sessions/initialize-session";
import { countAttempt, type AttemptKind } from "@/lib/users/attempt-limits";
import { getLinkPage } from "./link-page";
import { LINK_MAX_KOBO, LINK_MAX_QUANTITY, linkAmountRules } from "./link-limits";

/** What the customer sends from `/l/<slug>`: the amount is naira text (only read when the link lets them choose). */
export const PayLinkInput = z.object({
  slug: z.string().trim().min(1).max(64),
  amount: z.string().trim().max(40).optional(),
  quantity: z.number().int().min(1).max(LINK_MAX_QUANTITY).default(1),
  customer_name: z.string().trim().min(1, "Enter your name").max(255, "Your name must be at most 255 characters"),
  email: z.string().trim().max(254, "Your email must be at most 254 characters").pipe(z.email("Enter a valid email address")),
  phone: z.string().trim().max(32, "The phone number must be at most 32 characters").optional(),
  address: z.string().trim().max(500, "The address must be at most 500 characters").optional(),
});
export type PayLinkInput = z.output<typeof PayLinkInput>;

/** The unit amount the customer pays, in kobo: the link's own, or what they chose within its range (lib/money.ts). */
export function chosenUnitAmount(link: PaymentLink, text: string | undefined): number {
  if (link.amount !== null) return link.amount;
  const check = checkNairaField(text ?? "", linkAmountRules(link));
  if (check.problem) throw httpError(400, check.problem);
  if (check.kobo === null) throw httpError(400, "Enter the amount you want to pay");
  return check.kobo;
}

/**
 * The public page starts sessions with no API key to meter it: an hourly count per customer
 * email and per client address (rate_limit_counters, as sign-up's), generous for a real buyer.
 */
export const LINK_PAYMENT_LIMITS: AttemptKind = {
  name: "linkpay",
  perEmail: 30,
  perIp: 120,
  message: (m) => `Too many payments started from here. Try again in ${m} ${m === 1 ? "minute" : "minutes"}.`,
};

const PHONE = /^\+?[\d\s()-]{7,32}$/;

/**
 * A customer pays through `/l/<slug>`: their amount (the link's, or theirs within its range)
 * times the quantity becomes a checkout session through the one road (initializeSession),
 * owned by the link's key pair (none for a dashboard link: the wallet's keys hear its
 * payments), settling where the link settles, returning to the link's redirect URL. The
 * session names the link (`payment_link_id`), and its metadata, which `charge.success`
 * carries, holds the link's id, the quantity and what the customer was asked for.
 */
export async function startLinkPayment(
  db: Db,
  input: PayLinkInput & { baseUrl: string; clientIp?: string },
): Promise<{ sessionId: string; checkoutUrl: string }> {
  if (input.clientIp) await countAttempt(db, LINK_PAYMENT_LIMITS, { email: input.email, ip: input.clientIp });
  const page = await getLinkPage(db, input.slug);
  if (!page) throw notFound("Payment link not found.");
  const { link } = page;
  if (!page.open) throw invalidState("This link is not accepting payments.");

  const unit = chosenUnitAmount(link, input.amount);
  const quantity = link.allowQuantity ? input.quantity : 1;
  const total = unit * quantity;
  if (total > LINK_MAX_KOBO) throw httpError(400, `The most one payment can be is ${formatNaira(LINK_MAX_KOBO)}`);
  const phone = link.collectFields.includes("phone") ? input.phone?.trim() : undefined;
  const address = link.collectFields.includes("address") ? input.address?.trim() : undefined;
  if (link.collectFields.includes("phone") && !(phone && PHONE.test(phone))) throw httpError(400, "Enter your phone number, like 0803 123 4567");
  if (link.collectFields.includes("address") && !address) throw httpError(400, "Enter your address");

  // The link's key pair, while it is active; else none (and the key's defaults).
  const [key] = link.keyPairId
    ? await db
        .select({ id: apiKeyPairs.id, paymentMethods: apiKeyPairs.paymentMethods, cryptoAssets: apiKeyPairs.cryptoAssets })
        .from(apiKeyPairs)
        .where(and(eq(apiKeyPairs.id, link.keyPairId), isNull(apiKeyPairs.revokedAt)))
    : [];

  const session = await initializeSession(db, {
    owner: { merchantId: link.merchantId, mode: link.mode, keyPairId: key?.id ?? null },
    merchantName: page.brand.name,
    key: {
      paymentMethods: key?.paymentMethods ?? ["bank_transfer", "payid"],
      cryptoAssets: key?.cryptoAssets ?? [],
      settlementPayIdId: link.settlementPayIdId,
    },
    baseUrl: input.baseUrl,
    paymentLinkId: link.id,
    body: {
      amount: total,
      email: input.email,
      customer_name: input.customer_name,
      currency: "NGN",
      reference: undefined,
      payment_methods: undefined,
      crypto_assets: undefined,
      callback_url: link.redirectUrl ?? undefined,
      metadata: {
        ...link.metadata,
        payment_link_id: link.id,
        payment_link_slug: link.slug,
        quantity,
        unit_amount: unit,
        ...(phone ? { phone } : {}),
        ...(address ? { address } : {}),
      },
      line_items: [{ name: link.title, description: undefined, quantity, amount: unit }],
    },
  });
  return { sessionId: session.session_id, checkoutUrl: session.checkout_url };
}
