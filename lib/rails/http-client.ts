/**
 * The one HTTP client every provider rail uses: undici (one connection pool per base URL,
 * kept alive), JSON in and out, a timeout on every call, and no retries: a call that moves
 * money is never repeated blindly (the caller decides, from the error's kind, whether the
 * provider took it; lib/rails/rail-errors.ts).
 */
import { Agent, request } from "undici";
import { RailRefusedError, RailUnknownError } from "./rail-errors";

const g = globalThis as unknown as { __owoRailAgent?: Agent };
const agent = () => (g.__owoRailAgent ??= new Agent({ keepAliveTimeout: 10_000, connections: 16 }));

export type RailResponse<T = unknown> = { status: number; body: T; text: string };

export type RailRequest = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path below the base URL, query string included. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Milliseconds for the whole call (connect, send, answer); default 15 s. */
  timeoutMs?: number;
};

/**
 * One call to a provider. Answers every HTTP status (the rail reads it); throws
 * `RailRefusedError` only when the connection was refused before the request was sent, and
 * `RailUnknownError` when the call timed out or broke after it may have reached the provider.
 */
export async function railCall<T = unknown>(rail: string, baseUrl: string, req: RailRequest): Promise<RailResponse<T>> {
  const url = joinUrl(baseUrl, req.path);
  const timeout = req.timeoutMs ?? 15_000;
  let res;
  try {
    res = await request(url, {
      method: req.method,
      dispatcher: agent(),
      headers: { accept: "application/json", ...(req.json !== undefined ? { "content-type": "application/json" } : {}), ...req.headers },
      body: req.json !== undefined ? JSON.stringify(req.json) : undefined,
      headersTimeout: timeout,
      bodyTimeout: timeout,
      signal: AbortSignal.timeout(timeout),
    });
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    // Nothing reached the provider: a refused or unresolvable connection.
    if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
      throw new RailRefusedError(rail, `${rail} could not be reached (${code})`);
    }
    throw new RailUnknownError(rail, `${rail} did not answer: ${(error as Error).message ?? String(error)}`);
  }
  let text: string;
  try {
    text = await res.body.text();
  } catch (error) {
    throw new RailUnknownError(rail, `${rail}'s answer broke off: ${(error as Error).message}`, res.statusCode);
  }
  let body: unknown = null;
  if (text.length > 0) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  return { status: res.statusCode, body: body as T, text };
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
