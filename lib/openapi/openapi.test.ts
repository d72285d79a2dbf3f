import { describe, expect, it } from "vitest";
import { PERMISSIONS, type Permission } from "@/db/schema";
import type { Operation } from "@/lib/operation";
import { call, type RouteHandler } from "@/tests/http";
import { makeKey, makeMerchant } from "@/tests/factories";
import { openApiDocument, type OpenApiOperation } from "./document";
import { OPERATIONS } from "./operations";
import { routeFiles } from "./route-files";
import { createAjv } from "./validate";

/** A route file's export: route() leaves on each handler the operation it enforces. */
type RouteModule = Record<string, RouteHandler & { operation?: unknown }>;

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

describe("each route file serves exactly the operations declared for its path", () => {
  it("every method a route file under app/v1 implements is route() made from the operation declared for that method and path", async () => {
    const problems: string[] = [];
    for (const { file, template } of routeFiles()) {
      const { routeModule, methods } = await implementedMethods(file);
      expect(methods.length, `${file} implements no method`).toBeGreaterThan(0);
      const declared = OPERATIONS.filter((op) => op.path === template)
        .map((op) => op.method)
        .sort();
      if (methods.slice().sort().join() !== declared.join()) problems.push(`${template}: implements ${methods.join()}, declared ${declared.join()}`);
      for (const m of methods) {
        const op = routeModule[m]?.operation as Operation | undefined;
        if (!op || !OPERATIONS.includes(op)) problems.push(`${m} ${template}: not route() of a declared operation`);
        else if (op.method !== m || op.path !== template) problems.push(`${m} ${template}: runs the operation of ${op.method} ${op.path}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("every declared operation is served by its route file, with that very declaration", async () => {
    const files = new Map(routeFiles().map((r) => [r.template, r.file]));
    const orphans: string[] = [];
    for (const op of OPERATIONS) {
      const file = files.get(op.path);
      const routeModule = file ? ((await import(file)) as RouteModule) : null;
      if (routeModule?.[op.method]?.operation !== op) orphans.push(`${op.method} ${op.path} (${op.operationId})`);
    }
    expect(orphans, "declared operations no route serves").toEqual([]);
    const ids = OPERATIONS.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(documentedOperations()).toHaveLength(OPERATIONS.length);
  });

  it("every operation declaring a permission refuses a key without it (403 PERMISSION_DENIED), one real request each", async () => {
    const { merchant } = await makeMerchant();
    const lacking = new Map<Permission, string>();
    for (const p of PERMISSIONS) {
      const key = await makeKey({ merchantId: merchant.id, config: { permissions: PERMISSIONS.filter((q) => q !== p).join(",") } });
      lacking.set(p, key.secretKey);
    }
    const files = new Map(routeFiles().map((r) => [r.template, r.file]));
    const wrong: string[] = [];
    let checked = 0;
    for (const op of OPERATIONS.filter((o) => o.permission)) {
      const routeModule = (await import(files.get(op.path)!)) as RouteModule;
      const params = Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, "x"]));
      const path = op.path.replace(/\{(\w+)\}/g, "x");
      const { status, body } = await call(routeModule[op.method]!, {
        method: op.method,
        path,
        key: lacking.get(op.permission!)!,
        params,
        json: op.body ? {} : undefined,
      });
      if (status !== 403 || body.error?.code !== "PERMISSION_DENIED") wrong.push(`${op.method} ${op.path}: ${status} ${body.error?.code ?? ""}`);
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});

describe("OpenAPI document", () => {
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
