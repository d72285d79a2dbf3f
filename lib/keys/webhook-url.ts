import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import type { Mode } from "@/db/schema";

/**
 * Supplement §4, the one place for the webhook target rules. Loopback (127/8, ::1, localhost)
 * only in test mode where the operator allows it; everything below refused in every mode, at
 * save and at every delivery, judged on the resolved addresses.
 */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

const REFUSED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // unspecified / "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // CGNAT
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmark
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the 255.255.255.255 broadcast
] as const) {
  REFUSED.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["fc00::", 7], // unique local (private)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  REFUSED.addSubnet(net, prefix, "ipv6");
}

/** IPv6 forms that carry an IPv4 address, and where (the index of its first 16-bit word). */
const EMBEDDING: { net: BlockList; word: number }[] = [
  ["::ffff:0:0", 96, 6], // IPv4-mapped
  ["::", 96, 6], // IPv4-compatible (:: and ::1 are judged as themselves first)
  ["64:ff9b::", 96, 6], // NAT64
  ["2002::", 16, 1], // 6to4
].map(([net, prefix, word]) => {
  const list = new BlockList();
  list.addSubnet(net as string, prefix as number, "ipv6");
  return { net: list, word: word as number };
});

/** The eight 16-bit words of a valid IPv6 address (dotted IPv4 tail included). */
function ipv6Words(address: string): number[] {
  let a = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted) {
    const [w, x, y, z] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    a = `${a.slice(0, dotted.index)}${((w << 8) | x).toString(16)}:${((y << 8) | z).toString(16)}`;
  }
  const [head, tail] = a.split("::") as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(":").map((h) => parseInt(h, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv6 address embeds (mapped, compatible, NAT64, 6to4), else null. */
export function embeddedIpv4(address: string): string | null {
  if (address === "::" || address === "::1") return null;
  const form = EMBEDDING.find((e) => e.net.check(address, "ipv6"));
  if (!form) return null;
  const words = ipv6Words(address);
  const hi = words[form.word]!;
  const lo = words[form.word + 1]!;
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export type AddressKind = "public" | "loopback" | "internal";

/** Which side of the §4 rules an IP address falls on (IPv6 embeddings judged by their IPv4). */
export function addressKind(raw: string): AddressKind {
  const address = raw.toLowerCase().replace(/^\[|\]$/g, "");
  const family = isIP(address);
  if (family === 0) return "internal"; // not an address: never connect to it
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return addressKind(v4);
  }
  const type = family === 4 ? "ipv4" : "ipv6";
  if (LOOPBACK.check(address, type)) return "loopback";
  if (REFUSED.check(address, type)) return "internal";
  return "public";
}

/**
 * `OWO_WEBHOOK_ALLOW_LOOPBACK`: "1" allows loopback targets in test mode, "0" refuses them;
 * unset, on for the embedded database (no DATABASE_URL) and off for a real one.
 */
export function loopbackAllowed(): boolean {
  const flag = process.env.OWO_WEBHOOK_ALLOW_LOOPBACK;
  if (flag === "1") return true;
  if (flag === "0") return false;
  return !process.env.DATABASE_URL;
}

export const INTERNAL_ADDRESS = "webhook_url must not point to an internal address";
export const LOOPBACK_ADDRESS = "webhook_url must not point to a loopback address";
export const UNRESOLVED = "webhook_url host could not be resolved";

/** The problem with connecting to this address in this mode, or null. */
export function addressProblem(address: string, mode: Mode): string | null {
  const kind = addressKind(address);
  if (kind === "internal") return INTERNAL_ADDRESS;
  if (kind === "loopback" && !(mode === "test" && loopbackAllowed())) return LOOPBACK_ADDRESS;
  return null;
}

function isLocalhostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost");
}

export type ResolvedAddress = { address: string; family: number };
export type WebhookResolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: WebhookResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });
let resolver: WebhookResolver = systemResolver;

/** Every lookup of a webhook host (at save and in the delivery's connection) goes through here. */
export function resolveWebhookHost(hostname: string): Promise<ResolvedAddress[]> {
  return resolver(hostname);
}

/** Tests only: answer webhook host lookups with `r` (null restores the system resolver). */
export function setWebhookResolver(r: WebhookResolver | null): void {
  resolver = r ?? systemResolver;
}

/**
 * The addresses of `host` this mode may connect to, in resolver order, or the problem. Names
 * under `localhost` are loopback whatever a resolver says.
 */
export async function permittedAddresses(
  host: string,
  mode: Mode,
): Promise<{ addresses: ResolvedAddress[]; problem: null } | { addresses: null; problem: string }> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isLocalhostName(bare)) {
    const problem = addressProblem("127.0.0.1", mode);
    if (problem) return { addresses: null, problem };
  }
  let resolved: ResolvedAddress[];
  try {
    resolved = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await resolveWebhookHost(bare);
  } catch {
    return { addresses: null, problem: UNRESOLVED };
  }
  if (resolved.length === 0) return { addresses: null, problem: UNRESOLVED };
  for (const r of resolved) {
    const problem = addressProblem(r.address, mode);
    if (problem) return { addresses: null, problem };
  }
  return { addresses: resolved, problem: null };
}

/**
 * The rules that need no lookup: http or https (https only in live mode), no credentials, and an
 * IP-literal or localhost host judged as it stands. Returns a problem, or null.
 */
export function urlShapeProblem(url: URL, mode: Mode): string | null {
  if (url.protocol !== "https:" && url.protocol !== "http:") return "webhook_url must use http or https";
  if (url.username || url.password) return "webhook_url must not contain credentials";
  if (mode === "live" && url.protocol !== "https:") return "webhook_url must use https in live mode";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return addressProblem(host, mode);
  if (isLocalhostName(host)) return addressProblem("127.0.0.1", mode);
  return null;
}

/**
 * Supplement §4: the URL's shape, then every resolved address of its host allowed in this mode.
 * Returns a problem, or null. A test-mode host that does not resolve yet is saved (a developer's
 * tunnel may come later): no address, no connection, and every delivery resolves and judges
 * it again.
 */
export async function webhookUrlProblem(raw: string, mode: Mode): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "webhook_url must be a valid URL";
  }
  const shape = urlShapeProblem(url, mode);
  if (shape) return shape;
  const { problem } = await permittedAddresses(url.hostname, mode);
  return problem === UNRESOLVED && mode === "test" ? null : problem;
}
