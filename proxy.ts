import NextAuth from "next-auth";
import type { NextFetchEvent, NextRequest } from "next/server";
import { authConfig } from "@/lib/auth/auth.config";

const { auth } = NextAuth(authConfig);
const guard = auth as unknown as (req: NextRequest, ev: NextFetchEvent) => Promise<Response | undefined>;

/**
 * Guards /dashboard (signed in) and /admin (platform admins) before any page renders.
 * The pages and server actions check again: the proxy is a gate, not the only lock.
 *
 * Auth.js's proxy re-issues the session cookie on every request it sees (a rolling expiry).
 * That undoes a sign-out whenever a request started before it (a link prefetch, a refresh)
 * answers after it: its Set-Cookie brings the session back. So the gate only reads the
 * session and never writes it; a session lasts its 12 hours from sign-in.
 */
export async function proxy(req: NextRequest, ev: NextFetchEvent): Promise<Response | undefined> {
  const res = await guard(req, ev);
  if (!res || !res.headers.has("set-cookie")) return res;
  const headers = new Headers(res.headers);
  headers.delete("set-cookie");
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

export const config = { matcher: ["/dashboard/:path*", "/admin/:path*"] };
