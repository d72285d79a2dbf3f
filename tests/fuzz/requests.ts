/**
 * Fuzz requests: which route module answers each operation, how a generated case becomes a
 * Request, and the properties every answer must hold.
 */
import { randomInt } from "node:crypto";
import fc from "fast-check";
import { ERROR_CODES } from "@/lib/errors";
import { OPERATIONS, type Operation } from "@/lib/openapi/operations";
import { matchPath } from "@/lib/openapi/paths";
import { routeFiles } from "@/lib/openapi/route-files";
import { responseProblem } from "@/lib/openapi/validate";
import { poisonText, type BodyCase } from "./arbitraries";
import { byteStream, type RouteHandler } from "../http";
import type { Merchant, Records } from "./world";

export type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
type RouteModule = Partial<Record<Method | "OPTIONS", RouteHandler>>;

/** Each operation's handler, from its route file (app/v1/…/route.ts), imported as Next would. */
export async function loadHandlers(): Promise<Map<Operation, RouteHandler>> {
  const files = new Map(routeFiles().map((r) => [r.template, r.file]));
  const out = new Map<Operation, RouteHandler>();
  for (const op of OPERATIONS) {
    const file = files.get(op.path);
    if (!file) throw new Error(`no route file for ${op.path}`);
    const mod = (await import(file)) as RouteModule;
    const handler = mod[op.method];
    if (!handler) throw new Error(`${file} exports no ${op.method}`);
    out.set(op, handler);
  }
  return out;
}

export async function loadRouteModule(template: string): Promise<RouteModule> {
  const file = routeFiles().find((r) => r.template === template)?.file;
  if (!file) throw new Error(`no route file for ${template}`);
  return (await import(file)) as RouteModule;
}

export const paramNames = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The merchant's records a path parameter of this template may name. */
export function recordsFor(template: string, param: string, r: Records): string[] {
  switch (param) {
    case "sessionId":
      return [r.sessionId];
    case "paymentId":
      return [r.staticAccountPayment];
    case "refundId":
      return [r.refund];
    case "reference":
      return [r.transfer, r.transferMerchantReference];
    case "publicId":
      return template.includes("virtual-account") ? [r.virtualAccount] : [r.invoice];
    case "id":
      if (template.includes("dynamic-payid")) return [r.dynamicPayId];
      if (template.includes("static-payid")) return [r.staticPayId];
      if (template.includes("static-account")) return [r.staticAccount];
      if (template.includes("events")) return [r.event];
      return [];
    default:
      return [];
  }
}

/** The same shape as a real id with its tail rewritten: well-formed, but no such record. */
export function lookalike(id: string, seed: number): string {
  const chars = [...id];
  let s = seed;
  for (let i = Math.max(0, chars.length - 6); i < chars.length; i++) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const c = chars[i]!;
    if (/[0-9]/.test(c)) chars[i] = String(s % 10);
    else if (/[a-f]/.test(c)) chars[i] = "abcdef"[s % 6]!;
    else if (/[a-z]/.test(c)) chars[i] = "ghijklmnopqrstuvwxyz"[s % 20]!;
    else if (/[A-Z]/.test(c)) chars[i] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[s % 26]!;
  }
  return chars.join("");
}

const GARBAGE_PARAMS = [
  "",
  " ",
  ".",
  "..",
  "%00",
  "\u0000",
  "null",
  "undefined",
  "0",
  "-1",
  "1e308",
  "a".repeat(5_000),
  "💸",
  "'; drop table transfers; --",
  "../../etc/passwd",
  "evt_",
  "trf_x",
  "00000000-0000-0000-0000-000000000000",
  "ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ",
  "balance",
  "status",
  "refunds",
  "initialize",
];

/**
 * A path parameter: one of the merchant's records, another merchant's, a lookalike, or garbage.
 * Well-formed text only: Next.js decodes params from UTF-8, which never yields an unpaired
 * surrogate (a NUL it does yield, from %00).
 */
export function paramArb(template: string, param: string, own: Merchant, other: Merchant): fc.Arbitrary<string> {
  return rawParamArb(template, param, own, other).map((v) => v.toWellFormed());
}

function rawParamArb(template: string, param: string, own: Merchant, other: Merchant): fc.Arbitrary<string> {
  const mine = recordsFor(template, param, own.records);
  const theirs = recordsFor(template, param, other.records);
  const anyReal = [...mine, ...theirs, own.records.sessionId, own.records.transfer];
  return fc.oneof(
    { weight: mine.length ? 3 : 0, arbitrary: mine.length ? fc.constantFrom(...mine) : fc.constant("x") },
    { weight: theirs.length ? 3 : 0, arbitrary: theirs.length ? fc.constantFrom(...theirs) : fc.constant("x") },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...anyReal), fc.nat()).map(([id, n]) => lookalike(id, n)) },
    { weight: 2, arbitrary: fc.constantFrom(...GARBAGE_PARAMS) },
    { weight: 1, arbitrary: poisonText },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  );
}

export type FuzzRequest = {
  /** The operation meant (its operationId), null for a path or method no operation has. */
  op: string | null;
  method: Method;
  template: string;
  params: Record<string, string>;
  query: [string, string][];
  body: BodyCase;
  headers: Record<string, string>;
  /** Over the size limit: a stream of this many bytes with no declared length. */
  oversizeStream?: number;
  /** Sent as Content-Length (a declared size, whatever the body really is). */
  declaredLength?: number;
};

const BY_ID = new Map(OPERATIONS.map((o) => [o.operationId, o]));
export const operationOf = (r: FuzzRequest): Operation | null => (r.op ? BY_ID.get(r.op)! : null);

const encodeSegment = (v: string) => {
  const e = encodeURIComponent(v.toWellFormed());
  // "." and ".." would be resolved away by the URL parser; the handler still gets the raw value.
  return e === "" ? "%20" : e === "." || e === ".." ? e.replaceAll(".", "%252E") : e;
};

export function urlOf(r: FuzzRequest): string {
  const path = r.template.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(r.params[name] ?? ""));
  const qs = r.query.map(([k, v]) => `${encodeURIComponent(k.toWellFormed())}=${encodeURIComponent(v.toWellFormed())}`).join("&");
  return `http://localhost${path}${qs ? `?${qs}` : ""}`;
}

function bodyInit(r: FuzzRequest, headers: Headers): BodyInit | undefined {
  // A JSON-looking body over the body limit, with no declared length.
  if (r.oversizeStream) return byteStream(r.oversizeStream, { head: '{"metadata":"' });
  const b = r.body;
  if (b.kind === "none") return undefined;
  if (!headers.has("content-type")) headers.set("content-type", b.contentType ?? "application/json");
  if (b.kind === "json" && b.deep) {
    const marker = '"__fuzz_deep__"';
    const deep = `${'{"a":'.repeat(b.deep.depth)}1${"}".repeat(b.deep.depth)}`;
    const obj = b.value && typeof b.value === "object" && !Array.isArray(b.value) ? b.value : {};
    return JSON.stringify({ ...obj, [b.deep.key]: "__fuzz_deep__" }).replace(marker, deep);
  }
  if (b.kind === "json") return JSON.stringify(b.value) ?? "null";
  if (b.kind === "raw") return b.text;
  return new Uint8Array(b.bytes) as Uint8Array<ArrayBuffer>;
}

/** A random client address per request: bad-key requests are metered by address. */
const randomIp = () => `172.${randomInt(16, 32)}.${randomInt(256)}.${randomInt(1, 255)}`;

export function toRequest(r: FuzzRequest): Request {
  const headers = new Headers({ "x-owo-peer-address": randomIp() });
  for (const [k, v] of Object.entries(r.headers)) headers.set(k, v);
  if (r.declaredLength !== undefined) headers.set("content-length", String(r.declaredLength));
  const body = r.method === "GET" ? undefined : bodyInit(r, headers);
  const init: RequestInit & { duplex?: "half" } = { method: r.method, headers, body };
  if (body instanceof ReadableStream) init.duplex = "half";
  return new Request(urlOf(r), init);
}

/** A short, printable account of a request for failure messages (long values cut). */
export function describe(r: FuzzRequest): string {
  const cut = (v: unknown) => {
    const s = typeof v === "string" ? v : JSON.stringify(v);
    return s && s.length > 300 ? `${s.slice(0, 300)}…(${s.length} chars)` : s;
  };
  const body = r.oversizeStream
    ? `<stream of ${r.oversizeStream} bytes>`
    : r.body.kind === "none"
      ? "<none>"
      : r.body.kind === "json"
        ? cut(r.body.value) + (r.body.deep ? ` with ${r.body.deep.key} nested ${r.body.deep.depth} levels` : "")
        : r.body.kind === "raw"
          ? cut(r.body.text)
          : `<bytes ${Buffer.from(r.body.bytes).toString("hex").slice(0, 200)}>`;
  const headers = Object.fromEntries(
    Object.entries(r.headers).map(([k, v]) => [k, k === "x-api-key" || k === "authorization" ? cut(v.slice(0, 12) + "…") : cut(v)]),
  );
  return `${r.method} ${r.template} params=${cut(r.params)} query=${cut(r.query)} headers=${JSON.stringify(headers)} contentType=${"contentType" in r.body ? r.body.contentType : ""} body=${body}`;
}

export type Answer = { status: number; headers: Headers; text: string; json: unknown };

export async function send(handler: RouteHandler, r: FuzzRequest): Promise<Answer> {
  const req = toRequest(r);
  const res = await handler(req, { params: Promise.resolve({ ...r.params }) });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    /* checked below */
  }
  return { status: res.status, headers: res.headers, text, json };
}

const STACK_TRACE =
  /\n\s+at |node_modules|\.tsx?:\d+|\.m?js:\d+|webpack|\bTypeError\b|\bRangeError\b|\bSyntaxError\b|postgres|drizzle|relation "|violates .*constraint/i;

/**
 * Everything an answer must be whatever was sent: never 5xx; JSON; every failure in the
 * envelope (a known code, a message, optional string details, the correlation id both in the
 * body and the x-correlation-id header) with no stack or database text; the X-RateLimit-*
 * headers; and, where the URL names the documented operation, what the OpenAPI document says.
 * Returns the problems found (empty: the answer is fine).
 */
export function answerProblems(r: FuzzRequest, a: Answer): string[] {
  const p: string[] = [];
  if (a.status >= 500) p.push(`status ${a.status}`);
  if (a.json === undefined) p.push(`non-JSON answer: ${a.text.slice(0, 200)}`);
  for (const h of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) if (!a.headers.get(h)) p.push(`no ${h} header`);
  if (a.status === 429 && !a.headers.get("retry-after")) p.push("429 without Retry-After");
  if (a.status >= 300) {
    const env = a.json as { success?: unknown; error?: { code?: unknown; message?: unknown; details?: unknown }; correlationId?: unknown } | undefined;
    const codes: readonly string[] = ERROR_CODES;
    if (!env || env.success !== false) p.push("failure without success:false");
    if (!env?.error || typeof env.error.code !== "string" || !codes.includes(env.error.code)) p.push(`unknown error code ${JSON.stringify(env?.error?.code)}`);
    if (typeof env?.error?.message !== "string" || env.error.message === "") p.push("error without a message");
    if (env?.error?.details !== undefined && !(Array.isArray(env.error.details) && env.error.details.every((d) => typeof d === "string")))
      p.push("details is not a list of strings");
    const cid = a.headers.get("x-correlation-id");
    if (!cid) p.push("no x-correlation-id header");
    if (typeof env?.correlationId !== "string" || env.correlationId !== cid) p.push(`correlationId ${JSON.stringify(env?.correlationId)} ≠ header ${cid}`);
    const allowed = new Set(["success", "error", "correlationId"]);
    for (const k of Object.keys(env ?? {})) if (!allowed.has(k)) p.push(`unexpected envelope field ${k}`);
    if (STACK_TRACE.test(JSON.stringify(env?.error ?? {}))) p.push(`internal detail leaked: ${JSON.stringify(env?.error).slice(0, 300)}`);
  }
  // Conformance with the document, when the URL routes to the operation the case meant.
  const op = operationOf(r);
  if (op && a.json !== undefined) {
    const url = urlOf(r);
    const m = matchPath(
      OPERATIONS.map((o) => o.path),
      new URL(url).pathname,
    );
    if (m?.template === op.path && Object.values(r.params).every((v) => v.trim() !== "" && v !== "." && v !== "..")) {
      const problem = responseProblem(r.method, url, a.status, a.json);
      if (problem) p.push(`OpenAPI: ${problem}`);
    }
  }
  return p;
}
