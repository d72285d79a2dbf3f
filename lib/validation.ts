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
      return issue.input === undefined
        ? `${field} is required`
        : `${field} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
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

/** Parses or throws 400 `Validation error` with one detail per problem. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(formatIssues(result.error));
  return result.data;
}
