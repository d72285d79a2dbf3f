/**
 * Whether the app is served over https, from its configured public URL (AUTH_URL, else
 * APP_URL). Then every cookie is Secure and the session cookie is
 * `__Secure-authjs.session-token` (HttpOnly, SameSite=Lax, Path=/), and every answer carries
 * HSTS (lib/http/security-headers.ts). Local http (`npm start` on localhost) keeps plain names,
 * since a browser drops Secure cookies over http. With neither URL set, Auth.js decides per
 * request from its protocol (x-forwarded-proto behind a proxy). Edge-safe (proxy.ts runs it).
 */
export function appUsesHttps(env: Record<string, string | undefined> = process.env): boolean | undefined {
  const url = env.AUTH_URL?.trim() || env.APP_URL?.trim();
  return url ? url.toLowerCase().startsWith("https:") : undefined;
}
