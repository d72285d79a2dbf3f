import NextAuth from "next-auth";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { authConfig } from "@/lib/auth/auth.config";
import { ownPath } from "@/lib/auth/own-path";
import { hostedFramingTarget } from "@/lib/hosted/hosted-framing";
import { framingSources, hostedPagePath, hstsHeader, newNonce, pageCsp } from "@/lib/http/security-headers";

const { auth } = NextAuth(authConfig);
const guard = auth as unknown as (req: NextRequest, ev: NextFetchEvent) => Promise<Response | undefined>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const FOREIGN_ORIGIN_MESSAGE = "Cross-origin request refused: this request must come from a page of this site.";

function originOf(url: string | undefined): string | null {
  if (!url?.trim()) return null;
  try {
    return new URL(url.trim()).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request (any method but GET, HEAD, OPTIONS) comes from this site:
 * server actions (a POST to the page's own path, from anywhere: /dashboard, /sign-in, the
 * hosted /pay, /p and /i pages, /invite) and route handlers. Its Origin must be the app's:
 * APP_URL's (AUTH_URL's) origin, or the origin the request itself was addressed to (scheme from
 * x-forwarded-proto or the URL, host from x-forwarded-host or Host — what Next's own server-action
 * check compares, so a deployment Next accepts is accepted here).
 *
 * - `Origin: null` (sandboxed iframes, opaque redirects, data: URLs) is refused: it cannot be
 *   told apart from an attacker's page (Next 16.1.7 fixed the same hole in its own check).
 * - A missing Origin: every current browser sends Origin on a POST (form or fetch), so a
 *   browser request without one is anomalous. It is refused when the browser says it is
 *   cross-site or same-site (Sec-Fetch-Site), and let through when Sec-Fetch-Site says
 *   same-origin or is absent: a non-browser client (curl, a script, a test) carries neither
 *   header and no victim's cookies, so it cannot be a cross-site forgery.
 */
export function isSameOriginRequest(req: Request, env: Record<string, string | undefined> = process.env): boolean {
  const origin = req.headers.get("origin");
  if (origin === null) {
    const site = req.headers.get("sec-fetch-site");
    return site === null || site === "same-origin";
  }
  const given = originOf(origin);
  if (!given || origin.trim().toLowerCase() === "null") return false;
  const allowed = new Set<string>();
  for (const configured of [env.APP_URL, env.AUTH_URL]) {
    const o = originOf(configured);
    if (o) allowed.add(o);
  }
  const url = new URL(req.url);
  const host = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || req.headers.get("host") || url.host;
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().replace(/:$/, "") || url.protocol.replace(/:$/, "");
  const own = originOf(`${proto}://${host}`);
  if (own) allowed.add(own);
  return allowed.has(given);
}

function refuseForeignOrigin(): Response {
  return Response.json({ error: { code: "FORBIDDEN", message: FOREIGN_ORIGIN_MESSAGE } }, { status: 403 });
}

/**
 * The CSP of this request's page (lib/http/security-headers.ts): strict, with a fresh nonce that
 * Next puts on its own scripts (it reads it from the request's CSP header); never framed, but
 * for a hosted payment page, which its key's allowed domains (or any shop) may frame.
 */
async function pagePolicy(req: NextRequest): Promise<string> {
  const nonce = newNonce();
  if (hostedPagePath(req.nextUrl.pathname)) {
    const target = await hostedFramingTarget(req.nextUrl.pathname, req.nextUrl.searchParams).catch(() => null);
    return pageCsp(nonce, framingSources(target));
  }
  return pageCsp(nonce);
}

/** A copy of `res` (whose headers may be immutable) with the security headers, without Set-Cookie, a redirect to our own address as a path. */
function withHeaders(res: Response, csp: string): Response {
  const headers = new Headers(res.headers);
  headers.delete("set-cookie");
  // Auth.js's redirects (sign in first, admins only) name AUTH_URL's origin: sent as a path (lib/auth/own-path.ts).
  const location = headers.get("location");
  if (location) headers.set("location", ownPath(location));
  headers.set("content-security-policy", csp);
  const hsts = hstsHeader();
  if (hsts) headers.set("strict-transport-security", hsts);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * 1. Refuses state-changing requests from other sites (isSameOriginRequest) everywhere the
 *    matcher reaches: all but /v1 (the public API: key-based, its own CORS rules), /api/cron
 *    (a bearer secret), /api/bench (benchmark-only, non-browser), /api/rails (providers'
 *    webhooks, verified by their signatures) and static files.
 * 2. Guards /dashboard (signed in) and /admin (platform admins) before any page renders.
 *    The pages and server actions check again: the proxy is a gate, not the only lock.
 * 3. Sets the security headers of every answer it sees: the page's CSP (pagePolicy) and, on
 *    https, HSTS. (nosniff and the referrer policy: next.config.ts.)
 *
 * Auth.js's proxy re-issues the session cookie on every request it sees (a rolling expiry).
 * That undoes a sign-out whenever a request started before it (a link prefetch, a refresh)
 * answers after it: its Set-Cookie brings the session back. So the gate only reads the
 * session and never writes it, whatever the cookie's name (`authjs.session-token` on http,
 * `__Secure-authjs.session-token` on https); a session lasts its 12 hours from sign-in.
 */
export async function proxy(req: NextRequest, ev: NextFetchEvent): Promise<Response | undefined> {
  const path = req.nextUrl.pathname;
  if (isExempt(path)) return undefined;
  const csp = await pagePolicy(req);
  if (!SAFE_METHODS.has(req.method) && !isSameOriginRequest(req)) return withHeaders(refuseForeignOrigin(), csp);
  if (isGuarded(path)) {
    const res = await guard(req, ev);
    // A redirect (sign in first, admins only) is answered here; "go on" renders the page below.
    if (res && res.headers.get("x-middleware-next") !== "1") return withHeaders(res, csp);
  }
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set("content-security-policy", csp);
  const next = NextResponse.next({ request: { headers: requestHeaders } });
  next.headers.set("content-security-policy", csp);
  const hsts = hstsHeader();
  if (hsts) next.headers.set("strict-transport-security", hsts);
  return next;
}

const isGuarded = (path: string) => /^\/(dashboard|admin)(\/|$)/.test(path);
// The matcher already leaves these out; checked again for a direct call (tests) and safety.
const isExempt = (path: string) => /^\/(v1|api\/cron|api\/bench|api\/rails)(\/|$)/.test(path);

export const config = {
  matcher: ["/((?!v1/|api/cron|api/bench/|api/rails/|_next/static|_next/image|favicon\\.ico).*)"],
};
