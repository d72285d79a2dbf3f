/**
 * The client's address, from what the client cannot write. scripts/serve.ts (the production
 * server) overwrites PEER_HEADER on every request with the TCP peer's address, whatever the
 * client sent under that name. Behind N trusted proxies (`TRUST_PROXY_HOPS=N`), the client is
 * the Nth X-Forwarded-For entry from the right: each proxy appends the address it saw, so the
 * entries further left are whatever the client chose to send.
 */
export const PEER_HEADER = "x-owo-peer-address";

/** `TRUST_PROXY_HOPS`: how many proxies in front of the app append to X-Forwarded-For (default 0). */
export function trustProxyHops(): number {
  const n = Number(process.env.TRUST_PROXY_HOPS ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** An IPv4 peer of a dual-stack socket reads as ::ffff:a.b.c.d: keep the plain form. */
function plain(address: string): string {
  const a = address.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(a) ? a.slice(7) : a;
}

/** The client address of a request's headers, or "unknown" (no server set the peer header). */
export function clientIpFromHeaders(headers: Headers): string {
  const hops = trustProxyHops();
  if (hops > 0) {
    const chain = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (chain.length >= hops) return plain(chain[chain.length - hops]!);
  }
  const peer = headers.get(PEER_HEADER);
  return peer ? plain(peer) : "unknown";
}

/** The client address of a request (clientIpFromHeaders). */
export function clientIp(req: Request): string {
  return clientIpFromHeaders(req.headers);
}
