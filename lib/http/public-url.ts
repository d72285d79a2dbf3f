import { configuredBaseUrl } from "@/lib/public-links";

export { checkoutUrl, configuredBaseUrl, payLink } from "@/lib/public-links";

/**
 * The address customers reach the app at, for links we hand out (checkout_url, qr_data):
 * `APP_URL` when the operator set it (README: "checkout links … use it"), else the origin the
 * request came in on, as the proxy in front reports it.
 */
export function publicBaseUrl(req: Request): string {
  const configured = configuredBaseUrl();
  if (configured !== null) return configured;
  const url = new URL(req.url);
  const first = (name: string) => req.headers.get(name)?.split(",")[0]?.trim();
  const proto = first("x-forwarded-proto");
  const host = first("x-forwarded-host") ?? first("host");
  // Only a plain host[:port] is trusted from headers; anything else falls back to the URL.
  const safeHost = host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : url.host;
  const scheme = proto === "http" || proto === "https" ? proto : url.protocol.replace(/:$/, "");
  return `${scheme}://${safeHost}`;
}

/**
 * The base of links we email (password reset, the sign-up notice): APP_URL; on the embedded
 * trial, failing that, the request's own address. A real deployment (DATABASE_URL) without
 * APP_URL answers null: the Host and X-Forwarded-Host headers are the sender's to write, and a
 * reset link mailed to a victim must never point at a host a stranger chose.
 */
export function mailLinkBase(requestBase: string, env: Record<string, string | undefined> = process.env): string | null {
  const configured = env.APP_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  return env.DATABASE_URL ? null : requestBase;
}
