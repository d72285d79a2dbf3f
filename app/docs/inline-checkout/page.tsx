import type { Metadata } from "next";
import { DocPage } from "@/components/docs/doc-page";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { InlineCheckoutGuide } from "../inline-checkout-guide";

export const metadata: Metadata = {
  title: "Inline checkout",
  description: "Take a payment in a window over your own page with /v1/inline.js and a public key.",
};

/** /docs/inline-checkout: the snippet for Owo and the one-line change for a ZevPay page. */
export default async function InlineCheckoutPage() {
  return (
    <DocPage title="Inline checkout" lead="The hosted checkout in an overlay on your own site: one script and a public key.">
      <InlineCheckoutGuide baseUrl={await requestBaseUrl()} />
    </DocPage>
  );
}
