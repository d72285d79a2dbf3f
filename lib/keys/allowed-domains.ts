/** Allowed-domain entries on a key: `shop.example.com`, `*.example.com`, `localhost:3000`. */
const DOMAIN_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** Lower-cases and strips a scheme or path someone pasted; null when it is not a domain. */
export function normaliseDomain(entry: string): string | null {
  const stripped = entry
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/\/.*$/, "");
  if (!DOMAIN_PATTERN.test(stripped)) return null;
  const port = stripped.split(":")[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535) ? stripped : null;
}

/**
 * Does the request's Origin header match one of the key's allowed domains? An entry with a
 * port must match host and port; one without matches the host on any port; `*.x` matches
 * subdomains of x. A missing or unparsable Origin never matches.
 */
export function originAllowed(origin: string | null, allowedDomains: readonly string[]): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const hostname = url.hostname.toLowerCase();
  const host = url.host.toLowerCase();
  return allowedDomains.some((entry) => {
    const target = entry.includes(":") ? host : hostname;
    const bare = entry;
    if (bare.startsWith("*.")) return target.endsWith(bare.slice(1)) && target.length > bare.length - 1;
    return target === bare;
  });
}
