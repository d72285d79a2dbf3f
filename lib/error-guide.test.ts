import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";
import { ERROR_CATALOGUE } from "./error-catalogue";
import { ERROR_GUIDE } from "./error-guide";
import { ERROR_CODES } from "./errors";

/**
 * /docs/errors renders ERROR_GUIDE (read from lib/error-catalogue.ts). These tests keep the
 * catalogue true to what the code throws: every (code, status) an AppError is built with
 * anywhere in lib/, app/ or components/, and every one the OpenAPI document lists, must be one
 * the catalogue allows, so a new code or a new status for an old one fails here until the
 * catalogue declares (and the page explains) it.
 */

const ROOTS = ["lib", "app", "components"];

/** The text of the object literal `text` opens with (`{ … }`), braces balanced. */
function objectLiteral(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return text.slice(0, i + 1);
  }
  return text;
}

/**
 * The (code, status) pairs one source text builds AppErrors with: `appError("CODE")` (the
 * catalogue's status), `appError("CODE", { status: N, … })`, object literals either way round,
 * and httpError(status, …). A status that is not a literal is left to the compiler (appError's
 * types accept only the catalogue's statuses).
 */
function thrownPairs(text: string): { code: string; status: number }[] {
  const pairs: { code: string; status: number }[] = [];
  for (const m of text.matchAll(/code:\s*"([A-Z][A-Z_]+)",\s*status:\s*(\d{3})/g)) pairs.push({ code: m[1]!, status: Number(m[2]) });
  for (const m of text.matchAll(/status:\s*(\d{3}),\s*code:\s*"([A-Z][A-Z_]+)"/g)) pairs.push({ code: m[2]!, status: Number(m[1]) });
  for (const m of text.matchAll(/httpError\(\s*(\d{3})/g)) pairs.push({ code: "HTTP_ERROR", status: Number(m[1]) });
  for (const m of text.matchAll(/\bappError\(\s*"([A-Z][A-Z_]+)"(\s*,\s*\{)?/g)) {
    const code = m[1]!;
    const options = m[2] ? objectLiteral(text.slice(m.index + m[0].length - 1)) : "";
    const literal = /[{,]\s*status:\s*(\d{3})/.exec(options);
    if (literal) pairs.push({ code, status: Number(literal[1]) });
    else if (!/[{,]\s*status\b/.test(options)) pairs.push({ code, status: (ERROR_CATALOGUE as Record<string, { status: number }>)[code]?.status ?? 0 });
  }
  return pairs;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string; content?: Record<string, { schema: Schema }> }> }>>;
  components: { responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
};
type Schema = { allOf?: { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } }[] };

/** Each code the OpenAPI document lists under a failure status (as /docs's reference reads them). */
function documentedPairs(): { code: string; status: number; where: string }[] {
  const doc = openApiDocument() as unknown as Doc;
  const out: { code: string; status: number; where: string }[] = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      for (const [status, r] of Object.entries(op.responses)) {
        const response = r.$ref ? doc.components.responses[r.$ref.split("/").pop()!] : r;
        const codes = response?.content?.["application/json"]?.schema.allOf?.[1]?.properties?.error?.properties?.code?.enum ?? [];
        for (const code of codes) out.push({ code, status: Number(status), where: `${method.toUpperCase()} ${p}` });
      }
    }
  }
  return out;
}

describe("the error guide (/docs/errors)", () => {
  it("explains exactly the closed list of codes, each with a status, a meaning and what to do", () => {
    expect(Object.keys(ERROR_GUIDE).sort()).toEqual([...ERROR_CODES].sort());
    for (const [code, e] of Object.entries(ERROR_GUIDE)) {
      expect(e.statuses.length, code).toBeGreaterThan(0);
      expect(e.meaning.length, code).toBeGreaterThan(10);
      expect(e.action.length, code).toBeGreaterThan(5);
    }
  });

  it("the scan finds pairs however an AppError is written (so the next test can fail)", () => {
    const sample = `new AppError({ code: "PAY_ID_TAKEN", status: 409, message: "x" });
      new AppError({
        code: "FORBIDDEN",
        status: 429,
      });
      httpError(418, "teapot");
      appError("TRANSFER_NOT_FOUND");
      appError("WALLET_NOT_LINKED", { message: "No {wallet} here", status: 400 });
      appError("INVALID_STATE", {
        message: a(\${x}),
        status: 409,
      });
      appError("HTTP_ERROR", { status, message });`;
    expect(thrownPairs(sample)).toEqual([
      { code: "PAY_ID_TAKEN", status: 409 },
      { code: "FORBIDDEN", status: 429 },
      { code: "HTTP_ERROR", status: 418 },
      { code: "TRANSFER_NOT_FOUND", status: 400 },
      { code: "WALLET_NOT_LINKED", status: 400 },
      { code: "INVALID_STATE", status: 409 },
    ]);
  });

  it("every code thrown in lib/, app/ and components/ is in the guide with the status it is thrown with", () => {
    const missing: string[] = [];
    let seen = 0;
    for (const file of ROOTS.flatMap((r) => sourceFiles(r))) {
      for (const { code, status } of thrownPairs(fs.readFileSync(file, "utf8"))) {
        seen++;
        const entry = (ERROR_GUIDE as Record<string, { statuses: readonly number[] }>)[code];
        if (!entry) missing.push(`${code} (${file}): not in the guide`);
        else if (!entry.statuses.includes(status)) missing.push(`${code} ${status} (${file}): status not in the guide`);
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it("every code the OpenAPI document lists is in the guide with that status, and `api` says which codes /v1 answers", () => {
    const documented = documentedPairs();
    expect(documented.length).toBeGreaterThan(100);
    const wrong = documented
      .filter((d) => !ERROR_GUIDE[d.code as keyof typeof ERROR_GUIDE]?.statuses.includes(d.status))
      .map((d) => `${d.code} ${d.status} (${d.where})`);
    expect(wrong).toEqual([]);
    const onApi = new Set(documented.map((d) => d.code));
    for (const code of ERROR_CODES) expect(ERROR_GUIDE[code].api, code).toBe(onApi.has(code));
  });
});
