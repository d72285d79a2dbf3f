import type { z } from "zod";
import { validationError } from "./errors";

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
  date: "a date",
};

const snakeCase = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A shape problem as one sentence that names its field: "amount must be at least 100". */
function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.length ? issue.path.map(String).join(".") : "body";
  // Our own schema messages already read as a sentence about the field (whose name we may
  // write in the API's snake_case while the schema key is camelCase).
  if (issue.code === "custom") return issue.message;
  const names = issue.path.filter((p) => typeof p === "string").flatMap((p) => [p, snakeCase(p)]);
  if (names.some((n) => issue.message.startsWith(`${n} `))) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? `${field} is required` : `${field} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case "too_small": {
      const n = String(issue.minimum);
      if (issue.origin === "string") return `${field} must be at least ${n} characters`;
      if (issue.origin === "array" || issue.origin === "set") return `${field} must have at least ${n} items`;
      return issue.inclusive === false ? `${field} must be greater than ${n}` : `${field} must be at least ${n}`;
    }
    case "too_big": {
      const n = String(issue.maximum);
      if (issue.origin === "string") return `${field} must be at most ${n} characters`;
      if (issue.origin === "array" || issue.origin === "set") return `${field} must have at most ${n} items`;
      return issue.inclusive === false ? `${field} must be less than ${n}` : `${field} must be at most ${n}`;
    }
    case "invalid_format":
      if (issue.format === "email") return `${field} must be a valid email address`;
      if (issue.format === "url") return `${field} must be a valid URL`;
      return `${field} has an invalid format`;
    case "invalid_value":
      return `${field} must be one of ${issue.values.map(String).join(", ")}`;
    case "unrecognized_keys":
      return `${field === "body" ? "body" : field} has unknown fields: ${issue.keys.join(", ")}`;
    case "not_multiple_of":
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    default:
      return `${field} is invalid`;
  }
}

export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map(describe);
}

/** Deeper than this, a value is refused: JSON nested this far is an attack, not data. */
export const MAX_NESTING = 32;

const isPlainObject = (v: object) => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Text Postgres refuses (NUL, in text and jsonb) or cannot parse as JSON (an unpaired surrogate). */
const unstorable = (s: string) => s.includes("\u0000") || !s.isWellFormed();

/** A key as a detail may show it: NULs spelt out, surrogates replaced, at most 64 characters. */
const printable = (k: string) => {
  const s = k.toWellFormed().replaceAll("\u0000", "\\u0000");
  return s.length > 64 ? `${s.slice(0, 64)}…` : s;
};

/**
 * Problems no schema states but the database would answer with an error (a 500): a NUL or an
 * unpaired surrogate in any string or key, and nesting past MAX_NESTING (a stack overflow in
 * JSON.stringify, or Postgres's own depth limit, for a jsonb field). Iterative: a deep value
 * cannot overflow this walk itself.
 */
export function unstorableProblems(value: unknown): string[] {
  type Node = { v: unknown; key: string; parent: Node | null; depth: number };
  const pathOf = (n: Node) => {
    const parts: string[] = [];
    for (let at: Node | null = n; at?.parent; at = at.parent) parts.push(at.key);
    return parts.reverse().join(".") || "body";
  };
  const problems: string[] = [];
  const stack: Node[] = [{ v: value, key: "", parent: null, depth: 0 }];
  while (stack.length > 0 && problems.length < 10) {
    const node = stack.pop()!;
    const { v, depth } = node;
    if (typeof v === "string") {
      if (unstorable(v)) problems.push(`${pathOf(node)} contains a character that is not allowed (NUL or an unpaired surrogate)`);
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (!Array.isArray(v) && !isPlainObject(v)) continue;
    if (depth >= MAX_NESTING) {
      problems.push(`${pathOf(node)} is nested too deeply (at most ${MAX_NESTING} levels)`);
      continue;
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: String(i), parent: node, depth: depth + 1 });
    } else {
      for (const k of Object.keys(v)) {
        const child: Node = { v: (v as Record<string, unknown>)[k], key: printable(k), parent: node, depth: depth + 1 };
        if (unstorable(k)) problems.push(`${pathOf(child)} is a key with a character that is not allowed (NUL or an unpaired surrogate)`);
        stack.push(child);
      }
    }
  }
  return problems;
}

/** Parses or throws 400 `Validation error` with one detail per problem. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(formatIssues(result.error));
  const unstorableInput = unstorableProblems(result.data);
  if (unstorableInput.length > 0) throw validationError(unstorableInput);
  return result.data;
}

/** An absolute http or https URL (a callback or redirect a browser is sent to). */
export const httpUrl = (v: string): boolean => {
  try {
    const u = new URL(v);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
};
