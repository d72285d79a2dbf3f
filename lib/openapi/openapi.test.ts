import { describe, expect, it, vi } from "vitest";
import type { RouteOptions } from "@/lib/http/route";
import { openApiDocument, type OpenApiOperation } from "./document";
import { OPERATIONS } from "./operations";
import { routeFiles } from "./route-files";
import { createAjv } from "./validate";

// Every route() remembers its options, so the test can hold each route to its documented operation.
vi.mock("@/lib/http/route", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/http/route")>();
  return {
    ...real,
    route: (options: RouteOptions<undefined, undefined, never>, handler: never) => Object.assign(real.route(options, handler), { routeOptions: options }),
  };
});

type RouteModule = Record<
  string,
  ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & { routeOptions?: RouteOptions<never, never, never> }
>;

const doc = openApiDocument();
const HTTP_METHODS = ["get", "put", "post", "delete", "patch"] as const;

async function implementedMethods(file: string): Promise<{ routeModule: RouteModule; methods: string[] }> {
  const routeModule = (await import(file)) as RouteModule;
  const res = await routeModule.OPTIONS!(new Request("http://localhost/v1/x", { method: "OPTIONS" }), { params: Promise.resolve({}) });
  const allow = (res.headers.get("allow") ?? "")
    .split(",")
    .map((m) => m.trim())
    .filter((m) => m && m !== "OPTIONS");
  return { routeModule, methods: allow };
}

function documentedOperations(): { template: string; method: string; op: OpenApiOperation }[] {
  return Object.entries(doc.paths).flatMap(([template, item]) =>
    HTTP_METHODS.filter((m) => item[m]).map((m) => ({ template, method: m.toUpperCase(), op: item[m]! })),
  );
}

describe("OpenAPI document covers the routes", () => {
  it("every route file under app/v1 and every method it implements has a documented operation", async () => {
    const missing: string[] = [];
    for (const { file, template } of routeFiles()) {
      const { methods } = await implementedMethods(file);
      expect(methods.length, `${file} implements no method`).toBeGreaterThan(0);
      for (const m of methods) if (!doc.paths[template]?.[m.toLowerCase()]) missing.push(`${m} ${template}`);
    }
    expect(missing, "routes with no documented operation").toEqual([]);
  });

  it("every documented operation has a route file that implements its method", async () => {
    const files = new Map(routeFiles().map((r) => [r.template, r.file]));
    const orphans: string[] = [];
    for (const { template, method } of documentedOperations()) {
      const file = files.get(template);
      if (!file || !(await implementedMethods(file)).methods.includes(method)) orphans.push(`${method} ${template}`);
    }
    expect(orphans, "documented operations with no route").toEqual([]);
  });

  it("each route's key type, permission, gates, body and query schema are the ones its operation documents", async () => {
    const files = new Map(routeFiles().map((r) => [r.template, r.file]));
    const mismatches: string[] = [];
    for (const op of OPERATIONS) {
      const routeModule = (await import(files.get(op.path)!)) as RouteModule;
      const options = routeModule[op.method]?.routeOptions;
      if (!options) {
        mismatches.push(`${op.method} ${op.path}: handler not made by route()`);
        continue;
      }
      const expectSame = (what: string, actual: unknown, documented: unknown) => {
        if (actual !== documented) mismatches.push(`${op.method} ${op.path}: ${what} is ${String(actual)} in the route, ${String(documented)} in the document`);
      };
      expectSame("keys", options.keys ?? "secret", op.keys);
      expectSame("permission", options.permission, op.permission);
      expectSame("limit", options.limit, op.limit);
      expectSame("sandbox", !!options.sandbox, !!op.sandbox);
      expectSame("wallet", !!options.wallet, !!op.wallet);
      expectSame("business", !!options.business, !!op.business);
      expectSame("staticAccounts", !!options.staticAccounts, !!op.staticAccounts);
      // The same schema object, not a copy.
      if (options.body !== op.body) mismatches.push(`${op.method} ${op.path}: the body schema is not the route's own`);
      if (options.query !== op.query) mismatches.push(`${op.method} ${op.path}: the query schema is not the route's own`);
    }
    expect(mismatches).toEqual([]);
  });

  it("the document is served at GET /v1/openapi.json without a key, cacheable", async () => {
    const { GET } = await import("@/app/v1/openapi.json/route");
    const res = GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/public/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});

describe("OpenAPI document is valid OpenAPI 3.1", () => {
  it("declares OpenAPI 3.1 with the JSON Schema 2020-12 dialect and unique operation ids", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.jsonSchemaDialect).toBe("https://json-schema.org/draft/2020-12/schema");
    const ids = documentedOperations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("every $ref resolves", () => {
    const broken: string[] = [];
    const resolve = (ref: string) =>
      ref
        .slice(2)
        .split("/")
        .map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), doc);
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${at}/${i}`));
      else if (node && typeof node === "object") {
        for (const [k, v] of Object.entries(node)) {
          if (k === "$ref" && (typeof v !== "string" || !v.startsWith("#/") || resolve(v) === undefined)) broken.push(`${at}: ${String(v)}`);
          else walk(v, `${at}/${k}`);
        }
      }
    };
    walk(doc, "#");
    expect(broken).toEqual([]);
  });

  it("every operation has a success response, failures in the envelope, and its path parameters declared", () => {
    const problems: string[] = [];
    for (const { template, method, op } of documentedOperations()) {
      const where = `${method} ${template}`;
      if (!op.responses["200"]) problems.push(`${where}: no 200 response`);
      for (const status of ["401", "429", "500"]) if (!op.responses[status]) problems.push(`${where}: no ${status} response`);
      const inPath = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      if (inPath.join() !== declared.join()) problems.push(`${where}: path parameters ${declared.join()} (template has ${inPath.join()})`);
    }
    expect(problems).toEqual([]);
  });

  it("ajv compiles every schema in the document with the 2020-12 dialect, in strict mode", () => {
    // Strict mode refuses unknown keywords, so each schema is compiled on its own, its refs
    // pointing into a schema that holds the components as $defs.
    const ajv = createAjv({ strict: true });
    const rewrite = (node: unknown): unknown =>
      Array.isArray(node)
        ? node.map(rewrite)
        : node && typeof node === "object"
          ? Object.fromEntries(
              Object.entries(node).map(([k, v]) => [
                k,
                k === "$ref" && typeof v === "string" ? v.replace("#/components/schemas/", "components#/$defs/") : rewrite(v),
              ]),
            )
          : node;
    ajv.addSchema({ $id: "components", $defs: rewrite(doc.components.schemas) as object });
    const schemas: [string, unknown][] = Object.entries(doc.components.schemas).map(([id, s]) => [`components/${id}`, s]);
    for (const { template, method, op } of documentedOperations()) {
      for (const p of op.parameters ?? []) schemas.push([`${method} ${template} parameter ${p.name}`, p.schema]);
      if (op.requestBody) schemas.push([`${method} ${template} body`, op.requestBody.content["application/json"]!.schema]);
      for (const [status, r] of Object.entries(op.responses)) {
        if ("content" in r && r.content) schemas.push([`${method} ${template} ${status}`, r.content["application/json"]!.schema]);
      }
    }
    for (const r of Object.values(doc.components.responses)) schemas.push(["components/responses", r.content!["application/json"]!.schema]);
    for (const [where, schema] of schemas) {
      expect(() => ajv.compile(rewrite(schema) as object), where).not.toThrow();
    }
    expect(schemas.length).toBeGreaterThan(100);
  });
});
