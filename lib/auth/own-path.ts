/**
 * A redirect to this app's configured address (APP_URL, AUTH_URL) as a path only, so the browser
 * stays on the address it used. Auth.js builds its redirects on AUTH_URL's origin; on the trial,
 * reached at http://127.0.0.1:3000 while AUTH_URL says http://localhost:3000, that origin has no
 * session cookie and sign-in looped back to /sign-in. A relative Location is resolved by the
 * browser against the page it is on: nothing the client sends (Host, X-Forwarded-Host) is trusted
 * to build it. A redirect to any other origin is left as it is.
 */
export function ownPath(location: string, env: Record<string, string | undefined> = process.env): string {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return location; // already relative
  }
  const own = [env.APP_URL, env.AUTH_URL].flatMap((u) => {
    try {
      return u?.trim() ? [new URL(u.trim()).origin] : [];
    } catch {
      return [];
    }
  });
  return own.includes(url.origin) ? `${url.pathname}${url.search}${url.hash}` : location;
}
