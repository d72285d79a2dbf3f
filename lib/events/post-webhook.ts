import type { LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
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

/** Reads a response's status and the first KiB of its body, then lets the connection go. */
function readResponse(res: http.IncomingMessage, finish: (r: Omit<PostResult, "durationMs">) => void): void {
  const statusCode = res.statusCode ?? null;
  const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
  let error: string | null = null;
  if (statusCode !== null && statusCode >= 300 && statusCode < 400) error = `Redirect (${statusCode}) not followed`;
  else if (!ok) error = `Receiver answered ${statusCode ?? "without a status"}`;
  const decoder = new TextDecoder();
  let text = "";
  const done = () => {
    text += decoder.decode();
    finish({ ok, statusCode, snippet: text.slice(0, SNIPPET_CHARS), error });
    res.destroy();
  };
  res.on("data", (chunk: Buffer) => {
    text += decoder.decode(chunk, { stream: true });
    // The log keeps the first KiB: no reason to read a large (or endless) body.
    if (text.length >= SNIPPET_CHARS) done();
  });
  res.on("end", done);
  // A body that stalls after the status line (then times out): the status decides.
  res.on("close", done);
  res.on("error", () => done());
}

/**
 * One HTTP POST of a webhook. Redirects are never followed (a 3xx is a failure); the whole
 * attempt, connection included, is bounded by `timeoutMs`. Never throws: every outcome is a
 * result the attempt log can record.
 */
export function postWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  mode: Mode;
  timeoutMs?: number;
}): Promise<PostResult> {
  const timeoutMs = input.timeoutMs ?? webhookTimeoutMs();
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<PostResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      resolve({ ...r, durationMs: Math.max(0, Math.round(performance.now() - started)) });
    };
    const failed = (error: string) => finish({ ok: false, statusCode: null, snippet: null, error });
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const url = new URL(input.url);
      // An IP-literal host never reaches the lookup below: judge it here.
      const shape = urlShapeProblem(url, input.mode);
      if (shape) return failed(shape);
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(
        url,
        {
          method: "POST",
          headers: { ...input.headers, "content-length": String(Buffer.byteLength(input.body)) },
          // A fresh connection per attempt, resolved and checked for this request.
          agent: false,
          signal,
          lookup: checkedLookup(input.mode),
        },
        (res) => readResponse(res, finish),
      );
      req.on("error", (err: NodeJS.ErrnoException) => {
        failed(signal.aborted ? `Timed out after ${timeoutMs} ms` : err.message || err.code || "Request failed");
      });
      req.end(input.body);
    } catch (err) {
      failed(err instanceof Error && err.message ? err.message : "Request failed");
    }
  });
}
