import type { Metadata } from "next";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { ApiReference } from "./api-reference";
import { InlineCheckoutGuide } from "./inline-checkout-guide";

export const metadata: Metadata = {
  title: "API reference",
  description: "The Owo /v1 API: every operation, its fields and failures, with try-it-out on a test key.",
};

/** /docs: the interactive API reference, rendered from /v1/openapi.json (public, no sign-in), and the inline checkout. */
export default async function DocsPage() {
  return <ApiReference guides={<InlineCheckoutGuide baseUrl={await requestBaseUrl()} />} />;
}
