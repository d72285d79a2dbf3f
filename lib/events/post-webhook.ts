import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { Agent, type Dispatcher } from "undici";
import type { Mode } from "@/db/schema";
import { permittedAddresses, UNRESOLVED, urlShapeProblem } from "@/lib/keys/webhook-url";

/** Supplement §4: a delivery must answer 2xx within 15 s. Tests shorten it with OWO_WEBHOOK_TIMEOUT_MS. */
export function webhookTimeoutMs(): number {
  const override = Number(process.env.OWO_WEBHOOK_TIMEOUT_MS);
  return Number.isFinite(override) && override > 0 ? override : 15_000;
}

/** What the merchant's webhook log keeps of a response body. */
const SNIPPET_CHARS = 1024;

export type PostResult = {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  snippet: string | null;
  error: string | null;
};

/**
 * The connection's own resolver: resolves through the webhook resolver and refuses the whole
 * host when any address is not allowed in this mode (supplement §4). Used for the socket itself,
 * so a host that passed the check at save and now resolves to 10.0.0.1 (DNS rebinding) never
 * gets a request from us.
 */
export function checkedLookup(mode: Mode): LookupFunction {
  return (hostname, options, callback) => {
    permittedAddresses(hostname, mode).then(
      (r) => {
        if (r.problem !== null) {
          const error = Object.assign(new Error(r.problem), { code: "EWEBHOOKREFUSED" }) as NodeJS.ErrnoException;
          return callback(error, "", 4);
        }
        const wanted = options.family === 4 || options.family === 6 ? r.addresses.filter((a) => a.family === options.family) : r.addresses;
        if (wanted.length === 0) {
          const error = Object.assign(new Error(UNRESOLVED), { code: "ENOTFOUND" }) as NodeJS.ErrnoException;
          return callback(error, "", 4);
        }
        if (options.all) return callback(null, wanted as LookupAddress[]);
        return callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 4),
    );
  };
}

/**
 * Keep-alive connection pools, one per destination origin (undici's Agent keeps a Pool per
 * origin), one Agent per mode since the connection's resolver judges addresses by mode. A new
 * connection is made through checkedLookup, so the target check runs when a socket connects;
 * a kept-alive socket is one that passed it (and deliverEvent re-judges the host by DNS before
 * every attempt).
 */
const agents = new Map<Mode, Agent>();

/**
 * Connections kept per destination at most: one key's attempts are sequential, and the delivery
 * engine works on at most this many keys at once, so every key it works on can have a
 * connection of its own (keys sharing a receiver never queue behind another key's slow answer).
 */
export const CONNECTIONS_PER_ORIGIN = 64;

function agentFor(mode: Mode): Agent {
  let agent = agents.get(mode);
  if (!agent) {
    agent = new Agent({
      connections: CONNECTIONS_PER_ORIGIN,
      keepAliveTimeout: 4_000,
      pipelining: 1,
      maxRedirections: 0,
      connect: { lookup: checkedLookup(mode) },
    });
    agents.set(mode, agent);
  }
  return agent;
}

/** Closes the kept-alive connections (tests, shutdown); the next attempt opens new ones. */
export async function closeWebhookConnections(): Promise<void> {
  const open = [...agents.values()];
  agents.clear();
  await Promise.all(open.map((a) => a.close().catch(() => undefined)));
}

/** Reads the first KiB of a response body, then lets the rest go (a larger body ends the connection). */
async function readSnippet(body: Dispatcher.ResponseData["body"]): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  try {
    for await (const chunk of body) {
      text += decoder.decode(chunk as Buffer, { stream: true });
      // The log keeps the first KiB: no reason to read a large (or endless) body.
      if (text.length >= SNIPPET_CHARS) {
        body.destroy();
        break;
      }
    }
    text += decoder.decode();
  } catch {
    // A body that stalls after the status line (then times out) or breaks off: the status decides.
  }
  return text.slice(0, SNIPPET_CHARS);
}

function errorMessage(err: unknown): string {
  const e = err as (NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException }) | undefined;
  const message = e?.message || e?.code || "Request failed";
  const cause = e?.cause;
  return cause && (cause.message || cause.code) && !message.includes(cause.message) ? `${message}: ${cause.message || cause.code}` : message;
}

/**
 * One HTTP POST of a webhook over the destination's keep-alive pool. Redirects are never
 * followed (a 3xx is a failure); the whole attempt, connection and body included, is bounded
 * by `timeoutMs`. Never throws: every outcome is a result the attempt log can record.
 */
export async function postWebhook(input: { url: string; body: string; headers: Record<string, string>; mode: Mode; timeoutMs?: number }): Promise<PostResult> {
  const timeoutMs = input.timeoutMs ?? webhookTimeoutMs();
  const started = performance.now();
  const done = (r: Omit<PostResult, "durationMs">): PostResult => ({ ...r, durationMs: Math.max(0, Math.round(performance.now() - started)) });
  const failed = (error: string) => done({ ok: false, statusCode: null, snippet: null, error });
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(input.url);
  } catch (err) {
    return failed(errorMessage(err));
  }
  // An IP-literal host never reaches the connection's lookup: judge it here.
  const shape = urlShapeProblem(url, input.mode);
  if (shape) return failed(shape);
  try {
    const res = await agentFor(input.mode).request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers: { ...input.headers, "content-length": String(Buffer.byteLength(input.body)) },
      body: input.body,
      signal,
      maxRedirections: 0,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const statusCode = res.statusCode;
    const ok = statusCode >= 200 && statusCode < 300;
    let error: string | null = null;
    if (statusCode >= 300 && statusCode < 400) error = `Redirect (${statusCode}) not followed`;
    else if (!ok) error = `Receiver answered ${statusCode}`;
    const snippet = await readSnippet(res.body);
    return done({ ok, statusCode, snippet, error });
  } catch (err) {
    return failed(signal.aborted ? `Timed out after ${timeoutMs} ms` : errorMessage(err));
  }
}
