import { randomInt } from "node:crypto";
import { responseProblem } from "@/lib/openapi/validate";

/** A Next.js route handler as the /v1 route files export them. */
export type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

/** The /v1 envelope, success or failure. */
export type Envelope<T = Record<string, unknown>> = {
  success: boolean;
  data?: T;
  error?: { code: string; message: string; details?: string[] };
  correlationId?: string;
};

export type CallOptions = {
  method?: string;
  path?: string;
  /** Sent as `x-api-key`. */
  key?: string;
  /** Sent as `Authorization: Bearer <bearer>`. */
  bearer?: string;
  headers?: Record<string, string>;
  /** Serialised as the JSON body. */
  json?: unknown;
  /** A raw body (string or stream); a stream is sent with `duplex: "half"`. */
  body?: string | ReadableStream<Uint8Array>;
  params?: Record<string, string | string[]>;
};

/**
 * One client address per test file: requests that fail before a key is known are metered by
 * address (the peer header scripts/serve.ts sets), and the database (with its counters) is shared by the whole run.
 */
const CLIENT_IP = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export function buildRequest(opts: CallOptions = {}): Request {
  const headers: Record<string, string> = { "x-owo-peer-address": CLIENT_IP, ...opts.headers };
  if (opts.key !== undefined) headers["x-api-key"] = opts.key;
  if (opts.bearer !== undefined) headers.authorization = `Bearer ${opts.bearer}`;
  let body: string | ReadableStream<Uint8Array> | undefined = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers["content-type"] ??= "application/json";
  }
  const init: RequestInit & { duplex?: "half" } = { method: opts.method ?? "GET", headers, body };
  if (body instanceof ReadableStream) init.duplex = "half";
  return new Request(`http://localhost${opts.path ?? "/v1/test"}`, init);
}

/**
 * Calls a route handler directly and parses the JSON answer. An answer on a /v1 path is
 * checked against the OpenAPI document (lib/openapi): the success schema for 2xx, the
 * operation's documented failures otherwise; a mismatch fails the test, saying why.
 */
export async function call<T = Record<string, unknown>>(
  handler: RouteHandler,
  opts: CallOptions = {},
): Promise<{ res: Response; status: number; headers: Headers; body: Envelope<T>; text: string }> {
  const req = buildRequest(opts);
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`non-JSON answer (${res.status}): ${text.slice(0, 200)}`);
  }
  const problem = responseProblem(req.method, req.url, res.status, body);
  if (problem) throw new Error(`OpenAPI conformance: ${problem}`);
  return { res, status: res.status, headers: res.headers, body, text };
}

/**
 * Rate-limit windows are calendar minutes. A test that counts requests in one window waits
 * when the current minute is nearly over, so its requests cannot straddle two windows.
 */
export async function freshRateLimitWindow(marginSeconds = 8): Promise<void> {
  const secondsIntoMinute = (Date.now() / 1000) % 60;
  if (secondsIntoMinute > 60 - marginSeconds) {
    await new Promise((r) => setTimeout(r, (60 - secondsIntoMinute) * 1000 + 250));
  }
}

/** A stream of `total` bytes in chunks, with no declared length; the first chunk starts with `head`. */
export function byteStream(total: number, { fill = 0x20, chunkSize = 64 * 1024, head = "" } = {}): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      const n = Math.min(chunkSize, total - sent);
      const chunk = new Uint8Array(n).fill(fill);
      if (sent === 0 && head) chunk.set(new TextEncoder().encode(head));
      controller.enqueue(chunk);
      sent += n;
    },
  });
}
