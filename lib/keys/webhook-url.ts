import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { Mode } from "@/db/schema";

/** True for loopback, private, link-local, CGNAT, metadata and IPv4-mapped private addresses. */
export function isPrivateAddress(address: string): boolean {
  const a = address.toLowerCase().replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return isPrivateAddress(mapped[1]!);
  // URL parsing rewrites ::ffff:127.0.0.1 as ::ffff:7f00:1.
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(a);
  if (mappedHex) {
    const hi = parseInt(mappedHex[1]!, 16);
    const lo = parseInt(mappedHex[2]!, 16);
    return isPrivateAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  if (isIP(a) === 4) {
    const [x, y] = a.split(".").map(Number) as [number, number];
    return (
      x === 0 || x === 10 || x === 127 || (x === 100 && y >= 64 && y <= 127) || (x === 169 && y === 254) ||
      (x === 172 && y >= 16 && y <= 31) || (x === 192 && y === 168) || x >= 224
    );
  }
  if (isIP(a) === 6) {
    return a === "::" || a === "::1" || a.startsWith("fe8") || a.startsWith("fe9") || a.startsWith("fea") ||
      a.startsWith("feb") || a.startsWith("fc") || a.startsWith("fd") || a.startsWith("ff");
  }
  return false;
}

/**
 * Supplement §4: live webhook URLs are https and never resolve to an internal address; test
 * mode also allows http and loopback for local development. Returns a problem, or null.
 */
export async function webhookUrlProblem(raw: string, mode: Mode): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "webhook_url must be a valid URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "webhook_url must use http or https";
  if (url.username || url.password) return "webhook_url must not contain credentials";
  if (mode === "test") return null;
  if (url.protocol !== "https:") return "webhook_url must use https in live mode";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal")) {
    return "webhook_url must not point to an internal address in live mode";
  }
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((r) => r.address);
  } catch {
    return "webhook_url host could not be resolved";
  }
  if (addresses.some(isPrivateAddress)) return "webhook_url must not point to an internal address in live mode";
  return null;
}
