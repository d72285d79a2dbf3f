import { appUsesHttps } from "@/lib/security/app-https";

export { hostedPagePath } from "@/lib/public-links";

/**
 * Issue 14's response headers, in one place. Pages of the app (dashboard, admin, sign-in and
 * sign-up, invitations, docs…) get a strict CSP: scripts only from this origin and with this
 * request's nonce (no unsafe-eval, no unsafe-inline scripts), and never framed. Hosted payment
 * pages get the same policy but stay embeddable by merchant sites: theirs says who may frame
 * them (framingSources). nosniff and the referrer policy come from next.config.ts for every answer.
 */

/** A fresh nonce for one response (128 random bits, base64). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** HSTS, two years with subdomains, only when the app is served over https (APP_URL / AUTH_URL). */
export function hstsHeader(env: Record<string, string | undefined> = process.env): string | null {
  return appUsesHttps(env) ? "max-age=63072000; includeSubDomains" : null;
}

/**
 * The strict policy of every page, with this response's nonce. `frameAncestors`: who may frame
 * it ('none' for the app's own pages; a hosted payment page's framingSources).
 */
export function pageCsp(nonce: string, frameAncestors = "'none'", env: Record<string, string | undefined> = process.env): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Styles: React and the UI set style attributes, which a nonce cannot cover.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
    ...(appUsesHttps(env) ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * Who may frame a hosted page (/pay, /p, /i): the origins of its key's allowed domains when the
 * key has any (https; http too in test mode, where shops are built on localhost), otherwise any
 * https origin, and in test mode any http origin too. A page that does not exist: nobody.
 */
export function framingSources(target: { mode: "test" | "live"; allowedDomains: readonly string[] } | null): string {
  if (!target) return "'none'";
  const schemes = target.mode === "test" ? ["https", "http"] : ["https"];
  if (target.allowedDomains.length === 0) return schemes.map((s) => `${s}:`).join(" ");
  // An entry without a port matches its host on any port (lib/keys/allowed-domains.ts).
  return target.allowedDomains.flatMap((d) => schemes.map((s) => `${s}://${d.includes(":") ? d : `${d}:*`}`)).join(" ");
}
