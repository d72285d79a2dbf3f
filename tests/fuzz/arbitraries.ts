/**
 * fast-check arbitraries derived from the zod schemas the handlers validate with: each schema
 * goes through z.toJSONSchema (io "input": what a caller may send) and the JSON Schema is walked
 * into (a) values of the valid shape and (b) near-valid values: one to three fields pushed past
 * a boundary, given the wrong type, nulled, removed or joined by extra fields, plus hostile
 * strings and numbers (NUL bytes, unicode, SQL- and JSON-looking text, 1e308, -0, huge strings).
 */
import fc from "fast-check";
import { z } from "zod";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** Values the fuzzer may put in a field by name, so valid-shaped bodies reach real records. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

// ---- Hostile values

const HUGE = "A".repeat(200_000);
const SCARY_STRINGS = [
  "",
  " ",
  "   \t\n",
  "\u0000",
  "abc\u0000def",
  "\u0000".repeat(64),
  "'; drop table transfers; --",
  "' or '1'='1",
  "1; select pg_sleep(10)",
  "$1",
  "%s%s%s%n",
  '{"amount": 100}',
  "[1,2,3]",
  "null",
  "undefined",
  "true",
  "NaN",
  "-NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "0x10",
  "1e308",
  "1e309",
  "-1",
  "00000000000",
  "9".repeat(400),
  "12345678901234567890",
  "𝕆𝕨𝕠 💸 ₦ naira",
  "Zalgo: Z̷̧̢a̸̛l̴g̵o̶",
  "\u202Eevil\u202C",
  "\uFEFFbom",
  "\uD800",
  "\uDFFF\uD800",
  "ä".repeat(300),
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "..",
  "%00",
  "%",
  "a/b/c",
  "__proto__",
  "constructor",
  "toString",
  "\\",
  "\r\nX-Injected: 1",
  "x".repeat(4_096),
  HUGE,
];

const SCARY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.0001,
  1e308,
  -1e308,
  1e-308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  -(2 ** 63),
  2 ** 31,
  4.9e-324,
  99.999999,
  1.1,
];

const protoObject = () => JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}') as unknown;

/** Text Postgres cannot store (NUL) or JSON it cannot parse (lone surrogates), alone or inside other text. */
export const poisonText: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom("\u0000", "\uD800", "\uDFFF", "\uD83D", "\u0000\u0000"), fc.string({ maxLength: 6 }))
  .map(([a, p, b]) => a + p + b);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: poisonText },
  { weight: 1, arbitrary: poisonText.map((t) => ({ [t]: t, nested: [t] })) },
  { weight: 4, arbitrary: fc.constantFrom(...SCARY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...SCARY_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [[[]]], [null], { a: { b: { c: {} } } }) },
  { weight: 1, arbitrary: fc.constant(null).map(protoObject) },
  { weight: 1, arbitrary: fc.constant(null).map(() => Array.from({ length: 5_000 }, (_, i) => i)) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3, maxKeys: 4 }) },
);

// ---- Schema walk

const types = (s: JsonSchema): string[] => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);

/** A value of the schema's shape (not every refinement: an email may still be refused). */
export function validArb(s: JsonSchema, hints: Hints = {}, name?: string): fc.Arbitrary<unknown> {
  if (name && hints[name]) return hints[name]!;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a) => validArb(a, hints, name)));
  const ts = types(s);
  if (ts.length > 1) return fc.oneof(...ts.map((t) => validArb({ ...s, type: t }, hints, name)));
  switch (ts[0]) {
    case "string": {
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity));
      if (s.format === "email") return fc.emailAddress().filter((v) => v.length <= (s.maxLength ?? 254));
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) }).filter((v) => v.length >= (s.minLength ?? 0));
    }
    case "integer":
      return fc.integer({ min: Math.max(s.minimum ?? -1e6, Number.MIN_SAFE_INTEGER), max: Math.min(s.maximum ?? 1e9, Number.MAX_SAFE_INTEGER) });
    case "number": {
      const min = s.exclusiveMinimum ?? s.minimum ?? -1e6;
      const max = s.maximum ?? 1e9;
      return fc.oneof(
        fc.integer({ min: Math.ceil(min) + (s.exclusiveMinimum !== undefined ? 1 : 0), max: Math.floor(max) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: s.exclusiveMinimum !== undefined }),
      );
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const min = s.minItems ?? 0;
      return fc.array(s.items ? validArb(s.items, hints) : fc.jsonValue(), { minLength: min, maxLength: Math.min(s.maxItems ?? 4, Math.max(min, 4)) });
    }
    case "object": {
      if (!s.properties) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      const required = new Set(s.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(s.properties)) shape[k] = validArb(v, hints, k);
      return fc.record(shape, { requiredKeys: [...required].filter((k) => k in shape) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values just past the schema's edges, and values of the wrong type. */
export function boundaryArb(s: JsonSchema): fc.Arbitrary<unknown> {
  const out: unknown[] = [null, "", [], {}, true];
  const alts = s.anyOf ?? s.oneOf;
  const all = alts ? alts : [s];
  for (const a of all) {
    for (const t of types(a)) {
      if (t === "string") {
        if (a.minLength !== undefined && a.minLength > 0) out.push("x".repeat(a.minLength - 1));
        if (a.maxLength !== undefined) out.push("x".repeat(a.maxLength + 1), "é".repeat(a.maxLength), "💸".repeat(a.maxLength));
        out.push(12345, 1.5);
      } else if (t === "integer" || t === "number") {
        if (a.minimum !== undefined) out.push(a.minimum - 1, a.minimum - 0.5, String(a.minimum));
        if (a.exclusiveMinimum !== undefined) out.push(a.exclusiveMinimum);
        if (a.maximum !== undefined) out.push(a.maximum + 1, a.maximum + 0.5, String(a.maximum));
        out.push("100", "1e3", 1e308, -0, "NaN", Number.MAX_SAFE_INTEGER + 2);
        if (t === "integer") out.push(100.5);
      } else if (t === "array") {
        if (a.minItems !== undefined && a.minItems > 0) out.push([]);
        if (a.maxItems !== undefined) out.push(Array.from({ length: a.maxItems + 1 }, () => (a.items ? null : 1)));
        out.push(
          Array.from({ length: 10_000 }, () => ({})),
          "[]",
        );
      } else if (t === "object") {
        out.push([{}], "{}", 0);
      } else if (t === "boolean") {
        out.push("true", 1, 0, "yes");
      }
    }
    if (a.enum) out.push(`${String(a.enum[0])} `, String(a.enum[0]).toUpperCase() + "x", a.enum);
    if (a.const !== undefined) out.push(`${String(a.const)}x`);
  }
  return fc.constantFrom(...out);
}

type Mutation = { kind: "set"; key: string; value: unknown } | { kind: "delete"; key: string } | { kind: "extra"; key: string; value: unknown };

/** A valid-shaped object with one to three fields broken. */
export function nearValidArb(s: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  const alts = s.oneOf ?? s.anyOf;
  if (alts) return fc.oneof(...alts.map((a) => nearValidArb(a, hints)));
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  const base = validArb(s, hints);
  if (keys.length === 0) return fc.oneof(base, hostileValue);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .constantFrom(...keys)
        .chain((key) => fc.oneof(boundaryArb(props[key]!), hostileValue).map((value): Mutation => ({ kind: "set", key, value }))),
    },
    { weight: 2, arbitrary: fc.constantFrom(...keys).map((key): Mutation => ({ kind: "delete", key })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom("__proto__", "constructor", "id", "merchant_id", "status", "mode", "fee", "key_pair_id", "created_at"),
          ),
          hostileValue,
        )
        .map(([key, value]): Mutation => ({ kind: "extra", key, value })),
    },
  );
  return fc.tuple(base, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([value, muts]) => {
    const obj = (value && typeof value === "object" ? { ...(value as object) } : {}) as Record<string, unknown>;
    for (const m of muts) {
      if (m.kind === "delete") delete obj[m.key];
      else Object.defineProperty(obj, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    }
    return obj;
  });
}

/** What a body generator produces: JSON to serialise, or raw bytes/text to send as they are. */
export type BodyCase =
  /** `deep`: that top-level field's value is sent as JSON nested `depth` levels (built as text: JSON.stringify would overflow). */
  | { kind: "json"; value: unknown; contentType?: string; deep?: { key: string; depth: number } }
  | { kind: "raw"; text: string; contentType?: string }
  | { kind: "bytes"; bytes: Uint8Array; contentType?: string }
  | { kind: "none" };

const deepNest = (depth: number, open: string, close: string) => open.repeat(depth) + close.repeat(depth);

/** Bodies that are not JSON, or JSON no schema could want. */
export const malformedBody: fc.Arbitrary<BodyCase> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).chain((v) => {
    const text = JSON.stringify(v) ?? "null";
    return fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((n): BodyCase => ({ kind: "raw", text: text.slice(0, n) + (n === 0 ? "{" : "") }));
  }),
  fc.constantFrom<BodyCase>(
    { kind: "raw", text: "{" },
    { kind: "raw", text: '{"amount":' },
    { kind: "raw", text: '{"amount": 100,}' },
    { kind: "raw", text: "{'amount': 100}" },
    { kind: "raw", text: "amount=100&email=a%40b.co", contentType: "application/x-www-form-urlencoded" },
    { kind: "raw", text: "<xml><amount>100</amount></xml>", contentType: "application/xml" },
    { kind: "raw", text: '{"amount": 100}', contentType: "text/plain" },
    { kind: "raw", text: '{"amount": 100}', contentType: "multipart/form-data; boundary=x" },
    { kind: "raw", text: "null" },
    { kind: "raw", text: "[]" },
    { kind: "raw", text: '"just a string"' },
    { kind: "raw", text: "12345" },
    { kind: "raw", text: "true" },
    { kind: "raw", text: "NaN" },
    { kind: "raw", text: '{"a":1}{"b":2}' },
    { kind: "raw", text: '{"amount": 1e999999}' },
    { kind: "raw", text: '{"amount": -0}' },
    { kind: "raw", text: '{"\\u0000": "\\u0000"}' },
    { kind: "raw", text: '{"__proto__": {"isAdmin": true}, "amount": 100}' },
    { kind: "raw", text: '{"amount": 100, "amount": "dup"}' },
    { kind: "raw", text: "\uFEFF{}" },
    { kind: "raw", text: "   \n\t  " },
    { kind: "raw", text: deepNest(10_000, "[", "]") },
    { kind: "raw", text: deepNest(5_000, '{"a":', "}").replace(/}$/, "1}") },
    { kind: "raw", text: `{"a":${deepNest(100_000, "[", "]")}}` },
    { kind: "bytes", bytes: new Uint8Array([0xff, 0xfe, 0xfd, 0x7b, 0x7d]) },
    { kind: "bytes", bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]) },
    { kind: "bytes", bytes: new Uint8Array([0x00, 0x00, 0x00]) },
    { kind: "bytes", bytes: new Uint8Array([0x1f, 0x8b, 0x08, 0x00]), contentType: "application/json" },
  ),
  fc.uint8Array({ minLength: 1, maxLength: 256 }).map((bytes): BodyCase => ({ kind: "bytes", bytes })),
);

/** A valid-shaped body whose object-typed field (metadata) holds JSON nested thousands of levels. */
export function deepFieldArb(s: JsonSchema, hints: Hints = {}): fc.Arbitrary<BodyCase> | null {
  const keys = Object.entries(s.properties ?? {})
    .filter(([, v]) => [v, ...(v.anyOf ?? [])].some((x) => types(x).includes("object")))
    .map(([k]) => k);
  if (keys.length === 0) return null;
  return fc
    .tuple(validArb(s, hints), fc.constantFrom(...keys), fc.constantFrom(40, 2_000, 6_000, 60_000))
    .map(([value, key, depth]): BodyCase => ({ kind: "json", value, deep: { key, depth } }));
}

/** Query strings: valid-shaped values, boundary and hostile ones, all as URL text. */
export function queryArb(s: JsonSchema | undefined, hints: Hints = {}): fc.Arbitrary<[string, string][]> {
  const props = s?.properties ?? {};
  const keys = Object.keys(props);
  const asText = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "undefined"));
  const entry = keys.length
    ? fc
        .constantFrom(...keys)
        .chain((k) =>
          fc
            .oneof(
              { weight: 3, arbitrary: validArb(props[k]!, hints, k) },
              { weight: 2, arbitrary: boundaryArb(props[k]!) },
              { weight: 2, arbitrary: hostileValue },
            )
            .map((v): [string, string] => [k, asText(v).slice(0, 10_000)]),
        )
    : fc.tuple(
        fc.constantFrom("page", "page_size", "status"),
        hostileValue.map((v) => asText(v).slice(0, 10_000)),
      );
  const extra = fc.tuple(
    fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("__proto__", "constructor", "merchant_id", "page[]")),
    fc.string({ maxLength: 20 }),
  );
  return fc.array(fc.oneof({ weight: 5, arbitrary: entry }, { weight: 1, arbitrary: extra }), { maxLength: 5 });
}
