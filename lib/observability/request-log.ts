import type { AuthenticatedKey } from "@/lib/keys/find-key";
import { clientIp } from "@/lib/client-ip";
import { logger } from "@/lib/log";
import { recordRequestLog } from "./request-log-buffer";

/** What the /v1 pipeline learnt about a request by the time it answered. */
export type RequestSeen = {
  /** The authenticated key, once found (null: none presented, or not a valid one). */
  key: AuthenticatedKey | null;
  /** The path params, once read: the log line's `route` names them instead of their values. */
  params: Record<string, string> | null;
};

/**
 * The request line's logger: the app's, without its redaction. The line's fields are fixed and
 * none is a secret's name, so redacting (wildcard paths: ~0.1 ms a line, most of a request's
 * logging) changed nothing in it. Kept at the app logger's level (tests change that level).
 */
const requestLines = logger.child({}, { redact: { paths: [] } });
function lineLogger() {
  if (requestLines.level !== logger.level) requestLines.level = logger.level;
  return requestLines;
}

const MAX_PATH = 512;
const MAX_USER_AGENT = 300;

/** The path of an absolute URL without parsing it (`new URL` costs more than the rest here). */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  let end = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  if (end < 0 || (hash >= 0 && hash < end)) end = hash;
  return url.slice(start, end < 0 ? undefined : end);
}

/** The route's pattern: each path param's value replaced by its name (`/v1/transfers/[reference]`). */
export function routeOf(path: string, params: Record<string, string> | null): string {
  if (!params) return path;
  let out = path;
  for (const name in params) {
    const value = params[name];
    if (!value) continue;
    let encoded = value;
    try {
      encoded = encodeURI(value);
    } catch {
      // An unpaired surrogate cannot be encoded: match the raw value only.
    }
    out = out.replace(`/${encoded}`, `/[${name}]`).replace(`/${value}`, `/[${name}]`);
  }
  return out;
}

/** A key's display prefix (`sk_test_Ab12`): enough to tell keys apart, useless to call with. */
function keyPrefix(key: AuthenticatedKey): string {
  return key.keyType === "secret" ? key.keyPair.secretPrefix : key.keyPair.publicKey.slice(0, 12);
}

/**
 * One JSON log line per /v1 request, and (when a key was recognised) one row for the
 * dashboard's API request logs, buffered. No database round trip, nothing heavier than pino.
 */
export function logRequest(req: Request, correlationId: string, seen: RequestSeen, status: number, startedAt: number, startedAtMs: number): void {
  const durationMs = Math.round((performance.now() - startedAt) * 100) / 100;
  const path = pathOf(req.url).slice(0, MAX_PATH);
  const key = seen.key;
  // Below `info` (the test suite runs at `warn`) the line is never built: no route pattern to work out.
  if (logger.isLevelEnabled("info")) {
    lineLogger().info(
      {
        correlation_id: correlationId,
        merchant_id: key?.merchant.id ?? null,
        mode: key?.keyPair.mode ?? null,
        key_pair_id: key?.keyPair.id ?? null,
        key_prefix: key ? keyPrefix(key) : null,
        method: req.method,
        route: routeOf(path, seen.params),
        path,
        status,
        duration_ms: durationMs,
      },
      "request completed",
    );
  }
  if (!key) return;
  const ip = clientIp(req);
  recordRequestLog({
    merchantId: key.merchant.id,
    mode: key.keyPair.mode,
    keyPairId: key.keyPair.id,
    keyType: key.keyType,
    method: req.method,
    path,
    status,
    correlationId,
    durationMs: Math.round(durationMs),
    ip: ip === "unknown" ? null : ip.slice(0, 100),
    userAgent: req.headers.get("user-agent")?.slice(0, MAX_USER_AGENT) ?? null,
    createdAt: new Date(startedAtMs),
  });
}
