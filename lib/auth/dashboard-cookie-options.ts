import { appUsesHttps } from "@/lib/security/app-https";

/**
 * How the dashboard's own cookies (MODE_COOKIE, MERCHANT_COOKIE) are set: read only by the
 * server (HttpOnly, SameSite=Lax), and Secure whenever the app is served over https.
 */
export const DASHBOARD_COOKIE_OPTIONS = { httpOnly: true, sameSite: "lax" as const, path: "/", secure: appUsesHttps() === true };
