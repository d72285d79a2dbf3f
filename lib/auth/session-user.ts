import { getToken } from "next-auth/jwt";
import { cookies } from "next/headers";
import { getDb } from "@/db/client";
import { checkSessionToken } from "./session-check";

/** The session cookie's names: on https (`__Secure-`, see auth.config.ts appUsesHttps) and on plain http. */
const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"];

export type SessionUser = { id: string; email: string; isAdmin: boolean };

/**
 * Who is signed in, for every dashboard and admin page and server action (getDashboardContext,
 * requireAdmin, adminAction): the session cookie decoded and put through the session-version
 * check (session-check.ts), so a session ended elsewhere is signed out here on its next request.
 *
 * It reads the cookie through `cookies()` rather than Auth.js's `auth()`, which reads the
 * request's Cookie header: after a server action re-issues the session (a password change),
 * Next renders the page in the same request, and only `cookies()` already holds the new cookie.
 */
export async function sessionUser(): Promise<SessionUser | null> {
  const jar = await cookies();
  const all = jar.getAll();
  const name = SESSION_COOKIES.find((n) => all.some((c) => c.name === n || c.name.startsWith(`${n}.`)));
  const secret = process.env.AUTH_SECRET;
  if (!name || !secret) return null;
  const cookie = all.map((c) => `${c.name}=${c.value}`).join("; ");
  const token = await getToken({ req: { headers: new Headers({ cookie }) }, secret, secureCookie: name.startsWith("__Secure-"), cookieName: name, salt: name });
  if (!token) return null;
  const checked = await checkSessionToken(await getDb(), { token });
  if (!checked || typeof checked.uid !== "string") return null;
  return { id: checked.uid, email: typeof checked.email === "string" ? checked.email : "", isAdmin: checked.isAdmin === true };
}
