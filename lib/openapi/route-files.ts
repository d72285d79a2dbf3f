/**
 * The /v1 route files on disk (app/v1/**\/route.ts) as OpenAPI path templates, for the
 * conformance test and the test-time response check. Not for the app: it reads the source tree.
 */
import { readdirSync } from "node:fs";
import path from "node:path";

export const APP_V1 = path.resolve(import.meta.dirname, "../../app/v1");

/** Folders under app/v1 that are not API operations: the catch-all 404, the document itself and the inline checkout script (JavaScript). */
const NOT_OPERATIONS = new Set(["[...path]", "openapi.json", "inline.js"]);

export type RouteFile = { file: string; template: string };

let cached: RouteFile[] | null = null;

export function routeFiles(): RouteFile[] {
  if (cached) return cached;
  const out: RouteFile[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!NOT_OPERATIONS.has(entry.name)) walk(path.join(dir, entry.name), [...segments, entry.name]);
      } else if (entry.name === "route.ts") {
        const template = "/v1/" + segments.map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/");
        out.push({ file: path.join(dir, entry.name), template });
      }
    }
  };
  walk(APP_V1, []);
  cached = out.sort((a, b) => a.template.localeCompare(b.template));
  return cached;
}
