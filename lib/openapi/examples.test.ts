import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";
import { OPERATIONS } from "./operations";

const doc = openApiDocument();
const bodyExample = (path: string, method: string) => doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content["application/json"]?.example;

describe("request examples of the OpenAPI document", () => {
  it("every operation with a body has an example that the handler's own zod schema accepts", () => {
    const rejected: string[] = [];
    for (const op of OPERATIONS) {
      if (!op.body) continue;
      const example = bodyExample(op.path, op.method);
      expect(example, `${op.operationId} has an example`).toBeDefined();
      const parsed = op.body.safeParse(example);
      if (!parsed.success)
        rejected.push(`${op.operationId}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")} — ${JSON.stringify(example)}`);
    }
    expect(rejected).toEqual([]);
  });

  it("examples hold realistic values, never a type's name", () => {
    const text = JSON.stringify(
      Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.requestBody?.content["application/json"]?.example)),
    );
    expect(text).not.toMatch(/"string"/);
    expect(bodyExample("/v1/checkout/transfer", "POST")).toMatchObject({ bank_code: "058", amount: 1_250_000 });
    expect(bodyExample("/v1/checkout/session/initialize", "POST")).toMatchObject({ email: expect.stringMatching(/@example\.com$/) });
  });

  it("no description points at our internal documents or issues", () => {
    const internal: string[] = [];
    const walk = (v: unknown, at: string) => {
      if (typeof v === "string") {
        if (/supplement|api\.md|§|\bissue \d|#\d+\b/i.test(v)) internal.push(`${at}: ${v}`);
      } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}[${i}]`));
      else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) if (k !== "$ref") walk(x, `${at}.${k}`);
    };
    walk(doc, "");
    expect(internal).toEqual([]);
  });
});
