import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { CheckoutFlow } from "@/components/checkout/checkout-flow";
import { embedPayment } from "@/lib/hosted/embed-payment";
import { isCheckoutMethod, type CheckoutView } from "@/components/checkout/checkout-view";
import { HostedShell } from "@/components/hosted/hosted-shell";
import { getMerchantBrand } from "@/lib/merchants/merchant-brand";
import { cryptoAssetsView } from "@/lib/sessions/session-offer";
import { isAppError } from "@/lib/errors";
import { embedParent } from "@/lib/hosted/embed-parent";
import { qrSvg } from "@/lib/qr-svg";
import { returnUrl } from "@/lib/hosted/return-url";
import { hostedFramingTarget } from "@/lib/hosted/hosted-framing";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { getCheckoutPageSession } from "@/lib/sessions/checkout-page-session";
import { selectPaymentMethod } from "@/lib/sessions/select-payment-method";
import { isSelectable } from "@/lib/sessions/session-instruments";
import { toVerifyView, type PaymentDetails } from "@/lib/sessions/session-views";

type Props = { params: Promise<{ sessionId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One read per request, shared by the title and the page. Unknown id → null (404 page). */
const load = cache(async (sessionId: string) => {
  const baseUrl = await requestBaseUrl();
  const found = await getCheckoutPageSession(await getDb(), { sessionId, baseUrl }).catch((err) => {
    if (isAppError(err) && err.status === 404) return null;
    throw err;
  });
  return found && { ...found, baseUrl, serverNow: Date.now() };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load((await params).sessionId);
  const name = found?.merchantName ?? "Owo Checkout";
  return { title: found ? `Pay ${name}` : "Checkout not found", robots: { index: false, follow: false } };
}

// GET /pay/:sessionId – the hosted checkout behind checkout_url (the session id is the customer's capability).
// ?embed=1&parent=<origin>: opened by the inline checkout (client/inline) in a frame on that origin.
export default async function CheckoutPage({ params, searchParams }: Props) {
  const { sessionId } = await params;
  const search = await searchParams;
  const found = await load(sessionId);
  if (!found) notFound();
  const { session } = found;
  const brand = await getMerchantBrand(await getDb(), session.merchantId);
  const merchantName = brand?.name ?? found.merchantName;
  const methods = session.enabledPaymentMethods.filter(isCheckoutMethod);

  let details: PaymentDetails | null = found.details;
  let initialError: string | null = null;
  // With only one way to pay there is nothing to choose: issue its account or PayID now.
  const only = methods.length === 1 ? methods[0]! : null;
  if (session.status === "active" && !details && only && isSelectable(only)) {
    details = await selectPaymentMethod(await getDb(), { sessionId, owner: null, method: only, baseUrl: found.baseUrl }).catch((err) => {
      if (!isAppError(err)) throw err;
      initialError = err.message;
      return null;
    });
  }

  const parent = search.embed === "1" && typeof search.parent === "string" ? search.parent : null;
  const embeddedIn = parent ? embedParent(parent, await hostedFramingTarget(`/pay/${sessionId}`, new URLSearchParams())) : null;

  const view: CheckoutView = {
    sessionId: session.id,
    reference: session.reference,
    testMode: session.mode === "test",
    status: session.status,
    amount: session.amount,
    merchantName: merchantName ?? "Owo Checkout",
    lineItems: session.lineItems ?? null,
    methods,
    cryptoAssets: cryptoAssetsView(session.enabledPaymentMethods, session.cryptoAssets) ?? [],
    // In a frame the shop's page is told instead (embeddedIn); never navigate the frame away.
    returnUrl: embeddedIn ? null : returnUrl(session.callbackUrl, session.reference),
    embeddedIn,
    paid: embeddedIn ? embedPayment(toVerifyView(session)) : null,
    details,
    qrSvg: details?.payment_method === "payid" ? await qrSvg(details.qr_data) : null,
    serverNow: found.serverNow,
    initialError,
  };
  return (
    <HostedShell testMode={view.testMode} embedded={embeddedIn !== null} brand={brand}>
      <CheckoutFlow view={view} />
    </HostedShell>
  );
}
