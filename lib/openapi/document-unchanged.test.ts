import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateClient } from "@/client/generate";
import { openApiDocument } from "./document";

/**
 * The OpenAPI document as it was before its operations moved beside their commands (issue 28
 * item 1): written by `openApiDocument()` then, kept as a fixture. Only the invoice's example
 * due date differs by day (today + 14 in Lagos), so both sides have it masked.
 */
const BEFORE = path.resolve(import.meta.dirname, "openapi-before.json");

function masked(doc: unknown): unknown {
  return JSON.parse(JSON.stringify(doc), (key, value: unknown) =>
    key === "due_date" && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? "<today + 14>" : value,
  );
}

const before = masked(JSON.parse(readFileSync(BEFORE, "utf8"))) as ReturnType<typeof openApiDocument>;
const now = masked(openApiDocument()) as ReturnType<typeof openApiDocument>;

describe("the OpenAPI document is the one served before operations were declared once", () => {
  it("has the same paths, methods, parameters, request bodies, responses and examples", () => {
    expect(Object.keys(now.paths).sort()).toEqual(Object.keys(before.paths).sort());
    for (const [template, item] of Object.entries(before.paths)) expect(now.paths[template], template).toEqual(item);
  });

  it("has the same component schemas, responses, headers and security schemes", () => {
    expect(Object.keys(now.components.schemas).sort()).toEqual(Object.keys(before.components.schemas).sort());
    for (const [id, schema] of Object.entries(before.components.schemas)) expect(now.components.schemas[id], id).toEqual(schema);
    expect(now.components).toEqual(before.components);
  });

  it("is deep-equal as a whole (info, tags, servers, security included)", () => {
    expect(now).toEqual(before);
  });

  it("generates the same typed client", () => {
    expect(generateClient(now)).toBe(generateClient(before));
  });
});
