/**
 * The OpenAPI 3.1 document of /v1, built from the operations (each declared once beside its
 * command, listed in operations.ts: request bodies and queries are the handlers' own zod
 * schemas) and their response schemas (in the order of schemas.ts) with zod's
 * own `z.toJSONSchema`: JSON Schema 2020-12, which is OpenAPI 3.1's dialect. Requests are
 * converted as input types (what a caller may send), responses as output types.
 */
import { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import { addExamples } from "./examples";
import { OPERATIONS, TAGS, operationErrors, type Operation } from "./operations";
import { documentRegistry } from "./schemas";

export type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: "3.1.0";
  jsonSchemaDialect: string;
  info: Record<string, unknown>;
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
  };
};
export type OpenApiResponse = { description: string; headers?: Record<string, JsonSchema>; content?: Record<string, { schema: JsonSchema }> };
export type OpenApiParameter = { name: string; in: "path" | "query"; required: boolean; description?: string; schema: JsonSchema; example?: unknown };
export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, OpenApiResponse | { $ref: string }>;
  "x-owo-permission"?: string;
  "x-owo-key": "secret" | "any";
  "x-owo-test-keys-only"?: boolean;
};

export const DIALECT = "https://json-schema.org/draft/2020-12/schema";
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

const STATUS_TEXT: Record<number, string> = {
  400: "Bad request: `Validation error` with `details` (one sentence per problem), `Malformed JSON body`, or a domain code",
  401: "Invalid API key",
  403: "The key may not call this operation",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict",
  413: "Request body too large",
  429: "Too Many Requests; retry after `Retry-After` seconds",
  500: "Unexpected failure (`INTERNAL_ERROR`); the `correlationId` is logged with its cause",
  503: "A bank or registry is unavailable; retry",
};

const COMMON_HEADERS = {
  "X-Correlation-Id": { $ref: "#/components/headers/X-Correlation-Id" },
  "X-RateLimit-Limit": { $ref: "#/components/headers/X-RateLimit-Limit" },
  "X-RateLimit-Remaining": { $ref: "#/components/headers/X-RateLimit-Remaining" },
  "X-RateLimit-Reset": { $ref: "#/components/headers/X-RateLimit-Reset" },
};

function strip(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * Tidies zod's output: a timestamp is `format: date-time` (without zod's 400-character
 * pattern, repeated at every timestamp), and an integer's ±2^53 bounds go unsaid.
 */
const override: NonNullable<Parameters<typeof z.toJSONSchema>[1]>["override"] = ({ jsonSchema }) => {
  const s = jsonSchema as JsonSchema;
  if (s.format === "date-time") delete s.pattern;
  if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
};

/** The name of an operation's response schema in the document (every one must have one). */
function responseId(registry: ReturnType<typeof documentRegistry>, schema: z.ZodType): string {
  const id = registry.get(schema)?.id;
  if (!id) throw new Error("openapi: an operation's response schema is not listed in lib/openapi/schemas.ts");
  return id;
}

/** Failures every operation answers the same way: one shared response each. */
const SHARED_RESPONSES: Record<number, { name: string; code: ErrorCode }> = {
  401: { name: "Unauthorized", code: "HTTP_ERROR" },
  413: { name: "PayloadTooLarge", code: "HTTP_ERROR" },
  429: { name: "TooManyRequests", code: "HTTP_ERROR" },
  500: { name: "InternalError", code: "INTERNAL_ERROR" },
};

const pascal = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function errorResponse(status: number, codes: Iterable<string>): OpenApiResponse {
  const headers: Record<string, JsonSchema> = { ...COMMON_HEADERS };
  if (status === 429) headers["Retry-After"] = { $ref: "#/components/headers/Retry-After" };
  return {
    description: STATUS_TEXT[status] ?? "Failure",
    headers,
    content: {
      "application/json": {
        schema: { allOf: [ref("ErrorEnvelope"), { type: "object", properties: { error: { type: "object", properties: { code: { enum: [...codes] } } } } }] },
      },
    },
  };
}

function queryParameters(op: Operation): OpenApiParameter[] {
  if (!op.query) return [];
  const json = z.toJSONSchema(op.query, { io: "input", unrepresentable: "any", override }) as JsonSchema;
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema as { description?: string };
    return { name, in: "query" as const, required: required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

function pathParameters(path: string): OpenApiParameter[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1]!, in: "path" as const, required: true, schema: { type: "string" } }));
}

let cached: OpenApiDocument | null = null;

export function openApiDocument(): OpenApiDocument {
  cached ??= addExamples(build());
  return cached;
}

function build(): OpenApiDocument {
  const uri = (id: string) => `#/components/schemas/${id}`;
  const registry = documentRegistry();
  const responses = z.toJSONSchema(registry, { io: "output", uri, unrepresentable: "any", override }).schemas;

  // Request bodies: each schema once, named after the first operation that takes it.
  const requestRegistry = z.registry<{ id: string }>();
  const requestIds = new Map<z.ZodType, string>();
  for (const op of OPERATIONS) {
    if (!op.body || requestIds.has(op.body)) continue;
    const id = `${pascal(op.operationId)}Request`;
    requestIds.set(op.body, id);
    requestRegistry.add(op.body, { id });
  }
  const requests = z.toJSONSchema(requestRegistry, { io: "input", uri, unrepresentable: "any", override }).schemas;

  const schemas: Record<string, JsonSchema> = {};
  for (const [id, s] of Object.entries({ ...responses, ...requests })) schemas[id] = strip(s as JsonSchema);

  const paths: OpenApiDocument["paths"] = {};
  for (const op of OPERATIONS) {
    const security: Record<string, string[]>[] =
      op.keys === "secret" ? [{ secretKey: [] }, { bearerAuth: [] }] : [{ secretKey: [] }, { publicKey: [] }, { bearerAuth: [] }];
    const parameters = [...pathParameters(op.path), ...queryParameters(op)];
    const out: OpenApiOperation = {
      operationId: op.operationId,
      summary: op.summary,
      ...(op.description || op.sandbox ? { description: [op.description, op.sandbox ? "Test keys only." : ""].filter(Boolean).join(" ") } : {}),
      tags: [op.tag],
      security,
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: ref(requestIds.get(op.body)!) } } } } : {}),
      responses: {
        "200": {
          description: "Success",
          headers: COMMON_HEADERS,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { success: { type: "boolean", const: true }, data: ref(responseId(registry, op.response)) },
                required: ["success", "data"],
                additionalProperties: false,
              },
            },
          },
        },
      },
      "x-owo-key": op.keys,
      ...(op.permission ? { "x-owo-permission": op.permission } : {}),
      ...(op.sandbox ? { "x-owo-test-keys-only": true } : {}),
    };
    for (const [status, codes] of operationErrors(op)) {
      const shared = SHARED_RESPONSES[status];
      const same = shared && codes.size === 1 && codes.has(shared.code);
      out.responses[String(status)] = same ? { $ref: `#/components/responses/${shared.name}` } : errorResponse(status, codes);
    }
    (paths[op.path] ??= {})[op.method.toLowerCase()] = out;
  }

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: DIALECT,
    info: {
      title: "Owo API",
      version: "1.0.0",
      description: [
        "Collect and send money in Nigerian naira. Every answer is an envelope: `{success: true, data}` on success,",
        "`{success: false, error: {code, message, details?}, correlationId}` on failure, with the `X-Correlation-Id`",
        "and `X-RateLimit-*` headers. Authenticate with `x-api-key: <key>` (or `Authorization: Bearer <key>`): test",
        "keys (`sk_test_…`, `pk_test_…`) touch test data only. Amounts in kobo unless a field says naira.",
        "Any other path under /v1 answers 404 `HTTP_ERROR` `Not found`; a method a path does not take answers 405 `HTTP_ERROR`.",
      ].join(" "),
    },
    servers: [{ url: "/", description: "This Owo instance" }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    security: [{ secretKey: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        secretKey: { type: "apiKey", in: "header", name: "x-api-key", description: "A secret key: `sk_test_…` or `sk_live_…`." },
        publicKey: {
          type: "apiKey",
          in: "header",
          name: "x-api-key",
          description: "A public key (`pk_test_…`, `pk_live_…`), for checkout sessions from a browser; its allowed domains apply.",
        },
        bearerAuth: { type: "http", scheme: "bearer", description: "The same key as `Authorization: Bearer <key>`." },
      },
      headers: {
        "X-Correlation-Id": { description: "This request's id, also in a failure's body.", schema: { type: "string" } },
        "X-RateLimit-Limit": { description: "Requests allowed per minute.", schema: { type: "integer" } },
        "X-RateLimit-Remaining": { description: "Requests left in this minute.", schema: { type: "integer" } },
        "X-RateLimit-Reset": { description: "When the window resets (Unix seconds).", schema: { type: "integer" } },
        "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
      },
      responses: {
        ...Object.fromEntries(Object.entries(SHARED_RESPONSES).map(([status, r]) => [r.name, errorResponse(Number(status), [r.code])])),
        RouteNotFound: errorResponse(404, ["HTTP_ERROR"]),
        MethodNotAllowed: errorResponse(405, ["HTTP_ERROR"]),
      },
    },
  };
}
