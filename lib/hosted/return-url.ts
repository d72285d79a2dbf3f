/**
 * Where a customer goes back to after paying: the session's callback_url with
 * `reference=<session reference>` added (the merchant verifies it server-side). Only http(s)
 * addresses are followed, so a stored `javascript:` URL can never run on our origin.
 */
export function returnUrl(callbackUrl: string | null, reference: string): string | null {
  if (!callbackUrl) return null;
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  url.searchParams.set("reference", reference);
  return url.toString();
}
