/**
 * Checks an answer of /v1 against the OpenAPI document with ajv (JSON Schema 2020-12): the
 * success schema for 2xx, the operation's failure envelope (with its documented codes) for
 * the rest. tests/http.ts runs it on every response an API test sees.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import { openApiDocument, type OpenApiDocument } from "./document";
import { matchPath } from "./paths";
import { routeFiles } from "./route-files";

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** An ajv (2020-12) that knows the formats the document uses. */
export function createAjv(options: { strict?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: options.strict ?? false, allowUnionTypes: true, allErrors: true });
  ajv.addFormat("date-time", { type: "string", validate: (s: string) => ISO_DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)) });
  ajv.addFormat("date", { type: "string", validate: (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) });
  ajv.addFormat("email", { type: "string", validate: (s: string) => /^[^\s@]+@[^\s@]+$/.test(s) });
  ajv.addFormat("uri", { type: "string", validate: (s: string) => URL.canParse(s) });
  ajv.addFormat("uuid", { type: "string", validate: (s: string) => /^[0-9a-f-]{36}$/i.test(s) });
  return ajv;
}

const DOC_ID = "openapi.json";
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

class ResponseValidator {
  private readonly ajv = createAjv();
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: string[];

  constructor(private readonly doc: OpenApiDocument) {
    this.ajv.addSchema(doc as object, DOC_ID);
    this.templates = Object.keys(doc.paths);
  }

  /** The JSON pointer of a response's schema, following a shared response's $ref. */
  private schemaPointer(responsePointer: string, response: unknown): string {
    const r = response as { $ref?: string };
    const at = r.$ref ? r.$ref.slice(1) : responsePointer;
    return `${at}/${pointer("content", "application/json", "schema")}`;
  }

  private validator(schemaPointer: string): ValidateFunction {
    let v = this.compiled.get(schemaPointer);
    if (!v) {
      v = this.ajv.compile({ $ref: `${DOC_ID}#${schemaPointer}` });
      this.compiled.set(schemaPointer, v);
    }
    return v;
  }

  private check(what: string, schemaPointer: string, body: unknown): string | null {
    const v = this.validator(schemaPointer);
    if (v(body)) return null;
    const errors = (v.errors ?? [])
      .slice(0, 8)
      .map((e) => `  - body${e.instancePath} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ""}`)
      .join("\n");
    return `${what} does not match the OpenAPI document:\n${errors}\nbody: ${JSON.stringify(body).slice(0, 600)}`;
  }

  /** Null when the answer conforms; else a readable account of what does not. */
  problem(method: string, url: string, status: number, body: unknown): string | null {
    const { pathname } = new URL(url, "http://localhost");
    if (!pathname.startsWith("/v1/")) return null;
    const m = method.toUpperCase();
    const what = `${m} ${pathname} → ${status}`;
    const match = matchPath(this.templates, pathname);
    if (!match) {
      // Not a documented path: a real route file there is an undocumented operation.
      const real = matchPath(
        routeFiles().map((r) => r.template),
        pathname,
      );
      if (real) return `${what}: ${real.template} is a /v1 route with no documented operation`;
      // The catch-all's generic 404; anything else is a test's own handler on a made-up path.
      return status === 404
        ? this.check(what, `/${pointer("components", "responses", "RouteNotFound")}/${pointer("content", "application/json", "schema")}`, body)
        : null;
    }
    const operation = this.doc.paths[match.template]![m.toLowerCase()];
    if (!operation) {
      if (status === 405)
        return this.check(what, `/${pointer("components", "responses", "MethodNotAllowed")}/${pointer("content", "application/json", "schema")}`, body);
      return `${what}: ${m} ${match.template} is not a documented operation`;
    }
    const key = String(status);
    const response = operation.responses[key];
    if (!response) {
      return `${what}: status ${status} is not documented for ${operation.operationId} (documented: ${Object.keys(operation.responses).join(", ")}); body: ${JSON.stringify(body).slice(0, 300)}`;
    }
    const at = `/${pointer("paths", match.template, m.toLowerCase(), "responses", key)}`;
    return this.check(`${what} (${operation.operationId})`, this.schemaPointer(at, response), body);
  }
}

let validator: ResponseValidator | null = null;

/** Null when this answer conforms to the document; else why not. */
export function responseProblem(method: string, url: string, status: number, body: unknown): string | null {
  validator ??= new ResponseValidator(openApiDocument());
  return validator.problem(method, url, status, body);
}
