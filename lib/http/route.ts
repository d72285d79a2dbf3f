import type { z } from "zod";
import { getDb, type Db } from "@/db/client";
import type { RouteOptions } from "@/lib/operation";
import { accountNotActivated, appError, httpError, isAppError, merchantSuspended } from "@/lib/errors";
import { findActiveKey, type AuthenticatedKey } from "@/lib/keys/find-key";
import { originAllowed } from "@/lib/keys/allowed-domains";
import { logError } from "@/lib/log";
import { logRequest, type RequestSeen } from "@/lib/observability/request-log";
import { parseOrThrow } from "@/lib/validation";
import { clientIp } from "@/lib/client-ip";
import { hstsHeader } from "./security-headers";
import { correlationIdFor } from "./correlation";
import { CORS_HEADERS, failureResponse, internalError, successResponse } from "./envelope";
import { checkDeclaredLength, readJsonBody } from "./read-body";
import { hitRateLimit, PendingRateLimit, rateLimitHeaders, tooManyRequests, type Bucket } from "./rate-limit";

type Params = Record<string, string | string[] | undefined>;
type NextContext = { params: Promise<Params> };
export type Handler = (req: Request, ctx: NextContext) => Promise<Response>;

export type { RouteOptions };

/** What route() takes: an operation (lib/operation.ts `defineOperation`), or, in tests, just the pipeline's options. */
export type RouteDefinition<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P, R extends z.ZodType> = RouteOptions<B, Q, P> & {
  response?: R;
};

/** A route's handler as Next calls it, with the definition it enforces (`operation`) and `as`, the same handler for an alias operation. */
export type OperationHandler<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P, R extends z.ZodType> = Handler & {
  readonly operation: RouteDefinition<B, Q, P, R>;
  as: (alias: RouteDefinition<B, Q, P, R>) => OperationHandler<B, Q, P, R>;
};

export type RouteContext<B, Q, P = never> = {
  req: Request;
  db: Db;
  correlationId: string;
  key: AuthenticatedKey;
  merchantId: string;
  mode: AuthenticatedKey["keyPair"]["mode"];
  /** The key's linked wallet PayID id (set whenever the route asked for `wallet`). */
  walletPayIdId: string | null;
  body: B extends z.ZodType ? z.output<B> : undefined;
  query: Q extends z.ZodType ? z.output<Q> : undefined;
  params: Record<string, string>;
  /** The rows of the route's `prefetch` read; null when it has none (or it declined). */
  prefetched: P[] | null;
  /** The request's count, not yet made (route option `countInHandler`); else null. */
  rateLimit: PendingRateLimit | null;
};

/** On every /v1 answer (next.config.ts adds nosniff too, for answers that bypass route()). */
const V1_SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  ...(hstsHeader() ? { "strict-transport-security": hstsHeader()! } : {}),
};

const INVALID_KEY = () => httpError(401, "Invalid API key");
const ANONYMOUS_LIMIT = Number(process.env.OWO_ANONYMOUS_RATE_LIMIT ?? 300);

/** `x-api-key: <key>` or `Authorization: Bearer <key>`. */
function presentedKey(req: Request): string | null {
  const header = req.headers.get("x-api-key");
  if (header) return header.trim();
  const auth = req.headers.get("authorization");
  const m = auth ? /^Bearer\s+(.+)$/i.exec(auth.trim()) : null;
  return m ? m[1]!.trim() : null;
}

/**
 * Counts a request that never reached an authenticated handler (bad key, unknown route, wrong
 * method) against the presented key when it is valid, else the caller's address, so every
 * /v1 answer carries rate-limit headers and guessing keys is throttled.
 */
async function meterAnonymous(req: Request, key: AuthenticatedKey | null): Promise<Record<string, string>> {
  const bucket: Bucket = key ? { name: `key:${key.keyPair.id}`, limit: key.keyPair.rateLimit } : { name: `ip:${clientIp(req)}`, limit: ANONYMOUS_LIMIT };
  const state = await hitRateLimit([bucket]);
  if (state.exceeded) throw tooManyRequests(state);
  return rateLimitHeaders(state);
}

/**
 * Runs a request's work in the envelope, then logs it: one JSON line and, when a key was
 * recognised, a row for the dashboard's API request logs (buffered, no round trip).
 */
async function run(req: Request, correlationId: string, seen: RequestSeen, work: (headers: Record<string, string>) => Promise<Response>) {
  const startedAt = performance.now();
  const startedAtMs = Date.now();
  const headers: Record<string, string> = { "x-correlation-id": correlationId, ...V1_SECURITY_HEADERS };
  let res: Response;
  try {
    res = await work(headers);
  } catch (err) {
    if (isAppError(err)) res = failureResponse(err, correlationId, headers);
    else {
      logError("unhandled error in /v1", { correlation_id: correlationId, method: req.method, path: new URL(req.url).pathname, error: err });
      res = failureResponse(internalError(), correlationId, headers);
    }
  }
  logRequest(req, correlationId, seen, res.status, startedAt, startedAtMs);
  return res;
}

/**
 * The one pipeline every /v1 handler runs in: correlation id, body size limit, key
 * authentication, key type, origin (public keys), permission, rate limit, JSON parse, zod
 * validation, the envelope and error mapping, as its operation (lib/operation.ts) declares. The
 * handler only does its own line of work, and answers the operation's response type.
 */
export function route<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, P = never, R extends z.ZodType = z.ZodUnknown>(
  options: RouteDefinition<B, Q, P, R>,
  handler: (ctx: RouteContext<B, Q, P>) => Promise<z.output<R>>,
): OperationHandler<B, Q, P, R> {
  const handle: Handler = async (req, nextCtx) => {
    const correlationId = correlationIdFor(req);
    const seen: RequestSeen = { key: null, params: null };
    return run(req, correlationId, seen, async (headers) => {
      try {
        checkDeclaredLength(req);
      } catch (err) {
        Object.assign(headers, await meterAnonymous(req, null));
        throw err;
      }

      const raw = presentedKey(req);
      const key = raw ? await findActiveKey(raw) : null;
      if (!key) {
        Object.assign(headers, await meterAnonymous(req, null));
        throw INVALID_KEY();
      }
      seen.key = key;
      const { keyPair } = key;

      const params: Record<string, string> = {};
      const given = nextCtx?.params ? await nextCtx.params : undefined;
      for (const k in given) {
        const v = given[k];
        // %00 decodes to a NUL, which Postgres refuses in text (a 500). No id holds one, so it
        // becomes U+FFFD (as undecodable bytes do): the handler answers its own 404.
        params[k] = (Array.isArray(v) ? v.join("/") : (v ?? "")).replaceAll("\u0000", "\uFFFD");
      }
      seen.params = params;

      // A route that prefetches from its body reads it first; a failed read answers where it
      // always did (after the key checks and the rate limit), so nothing else changes.
      let sent: { value: unknown } | { error: unknown } | null = null;
      if (options.body && options.prefetch)
        sent = await readJsonBody(req).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
      const read = options.prefetch?.(params, { body: sent && "value" in sent ? sent.value : undefined, mode: keyPair.mode });

      const buckets: Bucket[] = [{ name: `key:${keyPair.id}`, limit: keyPair.rateLimit }];
      if (options.limit === "initialize") buckets.push({ name: `init:${keyPair.id}`, limit: keyPair.initializeLimit });
      const pending = options.countInHandler ? new PendingRateLimit(buckets) : null;
      const limitState = pending ? null : await hitRateLimit(buckets, read);
      if (limitState) Object.assign(headers, rateLimitHeaders(limitState));
      // With the count left to the handler, an answer given before it is counted here first
      // (429 over the limit unless a check refused: the checks answer before 429, as ever).
      const counted = async (check: boolean) => {
        if (!pending) return;
        const already = pending.state !== null;
        const state = await pending.count();
        Object.assign(headers, rateLimitHeaders(state));
        if (!check && !already && state.exceeded) throw tooManyRequests(state);
      };

      try {
        // Read with the key (find-key.ts joins merchants; cached with it): no extra round trip.
        if (key.merchant.suspendedAt) throw merchantSuspended();
        if (keyPair.mode === "live" && !key.merchant.activatedAt) throw accountNotActivated();
        if ((options.keys ?? "secret") === "secret" && key.keyType !== "secret") {
          throw appError("SECRET_KEY_REQUIRED");
        }
        if (key.keyType === "public" && keyPair.allowedDomains.length > 0 && !originAllowed(req.headers.get("origin"), keyPair.allowedDomains)) {
          throw httpError(403, "Origin not allowed for this API key");
        }
        if (options.permission && !keyPair.permissions.includes(options.permission)) {
          throw appError("PERMISSION_DENIED", { message: `This API key lacks the ${options.permission} permission.` });
        }
        if (options.sandbox && keyPair.mode !== "test") {
          throw appError("SANDBOX_ONLY");
        }
        if (options.business && key.merchant.type !== "business") {
          throw appError("BUSINESS_ACCOUNT_REQUIRED");
        }
        if (options.wallet && !keyPair.walletPayIdId) {
          throw appError("WALLET_NOT_LINKED");
        }
      } catch (err) {
        await counted(true);
        throw err;
      }
      if (limitState?.exceeded) throw tooManyRequests(limitState);

      let data: unknown;
      try {
        let body: unknown = undefined;
        if (options.body) {
          if (sent && "error" in sent) throw sent.error;
          body = parseOrThrow(options.body, (sent ? sent.value : await readJsonBody(req)) ?? {});
        }
        let query: unknown = undefined;
        if (options.query) query = parseOrThrow(options.query, Object.fromEntries(new URL(req.url).searchParams));

        const db = await getDb();
        if (options.staticAccounts) await options.staticAccounts(db, key.merchant.id);
        data = await handler({
          req,
          db,
          correlationId,
          key,
          merchantId: key.merchant.id,
          mode: keyPair.mode,
          walletPayIdId: keyPair.walletPayIdId,
          body: body as RouteContext<B, Q, P>["body"],
          query: query as RouteContext<B, Q, P>["query"],
          params,
          prefetched: limitState?.prefetched ?? null,
          rateLimit: pending,
        });
      } catch (err) {
        await counted(false);
        throw err;
      }
      await counted(false);
      return successResponse(data, headers);
    });
  };
  return Object.assign(handle, { operation: options, as: (alias: RouteDefinition<B, Q, P, R>) => route(alias, handler) });
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/** The answer for /v1 requests that match no handler: 404 route, or 405 method. */
export function unmatched(status: 404 | 405, allow?: string): Handler {
  return async (req) => {
    const correlationId = correlationIdFor(req);
    const seen: RequestSeen = { key: null, params: null };
    return run(req, correlationId, seen, async (headers) => {
      const raw = presentedKey(req);
      seen.key = raw ? await findActiveKey(raw) : null;
      Object.assign(headers, await meterAnonymous(req, seen.key));
      if (allow) headers.allow = allow;
      throw status === 404 ? httpError(404, "Not found") : httpError(405, "Method not allowed");
    });
  };
}

function preflight(allow: string): Handler {
  return async () =>
    new Response(null, {
      status: 204,
      headers: {
        ...CORS_HEADERS,
        allow,
        "access-control-allow-methods": allow,
        "access-control-allow-headers": "content-type, x-api-key, authorization, x-correlation-id",
        "access-control-max-age": "600",
      },
    });
}

/**
 * Completes a route file's exports: the methods it handles, 405 (in the envelope) for the
 * others, and CORS preflight. Usage: `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: route(...) })`.
 */
export function methods<H extends Partial<Record<Method, Handler>>>(
  handlers: H,
): { [M in Method]: H[M] extends Handler ? H[M] : Handler } & { OPTIONS: Handler } {
  const allow = [...METHODS.filter((m) => handlers[m]), "OPTIONS"].join(", ");
  const notAllowed = unmatched(405, allow);
  const out: Record<string, Handler> = { OPTIONS: preflight(allow) };
  for (const m of METHODS) out[m] = handlers[m] ?? notAllowed;
  return out as { [M in Method]: H[M] extends Handler ? H[M] : Handler } & { OPTIONS: Handler };
}
