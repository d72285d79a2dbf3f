import { originAllowed } from "@/lib/keys/allowed-domains";
import type { FramingTarget } from "./hosted-framing";

/**
 * The inline checkout (client/inline) opens /pay/<id>?embed=1&parent=<shop origin> in a frame.
 * The page talks to that parent (postMessage) only when the origin could frame it under its
 * CSP (lib/http/security-headers.ts framingSources): one of the session key's allowed domains
 * when the key has any; otherwise any https origin, and http too in test mode. Anything else:
 * null, and the page behaves as it does standalone.
 */
export function embedParent(parent: string | null | undefined, target: FramingTarget | null): string | null {
  if (!parent || !target || parent.length > 300) return null;
  let url: URL;
  try {
    url = new URL(parent);
  } catch {
    return null;
  }
  const schemes = target.mode === "test" ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol) || url.origin !== parent.replace(/\/$/, "")) return null;
  if (target.allowedDomains.length > 0 && !originAllowed(url.origin, target.allowedDomains)) return null;
  return url.origin;
}
