import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isAppError } from "./errors";
import { MAX_NESTING, parseOrThrow, unstorableProblems } from "./validation";

const Body = z.object({ name: z.string().max(100), metadata: z.record(z.string(), z.unknown()).optional() });

function refusal(input: unknown): string[] {
  try {
    parseOrThrow(Body, input);
  } catch (err) {
    if (isAppError(err) && err.status === 400) return err.details ?? [];
    throw err;
  }
  throw new Error("accepted");
}

const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

describe("parseOrThrow refuses what the database cannot store (fuzzer finding: these were 500s)", () => {
  it("a NUL in a string field is a 400 validation error naming the field", () => {
    expect(refusal({ name: "abc\u0000def" })).toEqual(["name contains a character that is not allowed (NUL or an unpaired surrogate)"]);
  });

  it("a NUL or an unpaired surrogate anywhere in jsonb metadata, value or key, is a 400", () => {
    expect(refusal({ name: "ok", metadata: { a: [{ b: "\u0000" }] } })).toEqual([
      "metadata.a.0.b contains a character that is not allowed (NUL or an unpaired surrogate)",
    ]);
    expect(refusal({ name: "ok", metadata: { note: "x\uD800" } })).toHaveLength(1);
    expect(refusal({ name: "ok", metadata: { "k\u0000": 1 } })).toEqual([
      "metadata.k\\u0000 is a key with a character that is not allowed (NUL or an unpaired surrogate)",
    ]);
  });

  it(`metadata nested deeper than ${MAX_NESTING} levels is a 400, however deep (no stack overflow)`, () => {
    expect(refusal({ name: "ok", metadata: { deep: nested(MAX_NESTING + 5) } })[0]).toMatch(/nested too deeply/);
    expect(unstorableProblems({ metadata: nested(200_000) })).toHaveLength(1);
  });

  it("ordinary text (emoji, accents, right-to-left) and shallow metadata pass", () => {
    expect(parseOrThrow(Body, { name: "Adé 💸 ₦ مرحبا", metadata: { order: { id: 1, tags: ["a", "b"] } } }).name).toBe("Adé 💸 ₦ مرحبا");
    expect(unstorableProblems({ metadata: nested(MAX_NESTING - 2) })).toEqual([]);
  });
});
