import NextAuth from "next-auth";
import type { NextFetchEvent, NextRequest } from "next/server";
import { authConfig } from "@/lib/auth/auth.config";

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
 * 1. Refuses state-changing requests from other sites (isSameOriginRequest) everywhere the
 *    matcher reaches: all but /v1 (the public API: key-based, its own CORS rules), /api/cron
 *    (a bearer secret), /api/bench (benchmark-only, non-browser) and static files.
 * 2. Guards /dashboard (signed in) and /admin (platform admins) before any page renders.
 *    The pages and server actions check again: the proxy is a gate, not the only lock.
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
  if (!SAFE_METHODS.has(req.method) && !isSameOriginRequest(req)) return refuseForeignOrigin();
  if (!isGuarded(path)) return undefined;
  const res = await guard(req, ev);
  if (!res || !res.headers.has("set-cookie")) return res;
  const headers = new Headers(res.headers);
  headers.delete("set-cookie");
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

const isGuarded = (path: string) => /^\/(dashboard|admin)(\/|$)/.test(path);
// The matcher already leaves these out; checked again for a direct call (tests) and safety.
const isExempt = (path: string) => /^\/(v1|api\/cron|api\/bench)(\/|$)/.test(path);

export const config = {
  matcher: ["/((?!v1/|api/cron|api/bench/|_next/static|_next/image|favicon\\.ico).*)"],
};
