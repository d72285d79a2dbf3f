import { headers } from "next/headers";
import { configuredBaseUrl, mailLinkBase, publicBaseUrl } from "./public-url";

/** publicBaseUrl for a page or server action: the address customers reach this app at. */
export async function requestBaseUrl(): Promise<string> {
  const h = await headers();
  const host = h.get("host") ?? "localhost";
  try {
    return publicBaseUrl(new Request(`http://${host}/`, { headers: h }));
  } catch {
    // A Host header that is no host at all: fall back to what the operator configured, or local.
    return configuredBaseUrl() || "http://localhost:3000";
  }
}

/** mailLinkBase for a page or server action: where emailed links may point, or null. */
export async function mailLinkBaseUrl(): Promise<string | null> {
  return mailLinkBase(await requestBaseUrl());
}
