/**
 * The public addresses of the hosted pages: the base the operator configured, the links we hand
 * out (checkout_url, qr_data) and which hosted page a path is. Plain functions of text, shared
 * by the /v1 pipeline (lib/http), the proxy and the domains that put links in views and mails.
 */

/** `APP_URL` without trailing slashes; null when the operator did not set it. */
export function configuredBaseUrl(): string | null {
  const configured = process.env.APP_URL?.trim();
  return configured ? configured.replace(/\/+$/, "") : null;
}

/** api.md checkout_url: `{checkout_url_base}/<session_id>`, served by app/pay/[sessionId]. */
export const checkoutUrl = (base: string, sessionId: string) => `${base}/pay/${sessionId}`;

/** api.md qr_data: `{pay_link_base}/<pay_id>`, served by app/p/[payId]. */
export const payLink = (base: string, payId: string) => `${base}/p/${encodeURIComponent(payId)}`;

/** Which kind of hosted page a path is (for its headers and its framing), and the id in it. */
export function hostedPagePath(path: string): { kind: "session" | "payid" | "invoice"; id: string } | null {
  const m = /^\/(pay|p|i)\/([^/]+)\/?$/.exec(path);
  if (!m) return null;
  let id = m[2]!;
  try {
    id = decodeURIComponent(id);
  } catch {
    /* kept as sent */
  }
  return { kind: m[1] === "pay" ? "session" : m[1] === "p" ? "payid" : "invoice", id };
}
