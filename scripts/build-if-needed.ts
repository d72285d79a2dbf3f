// The production build, made only when a source is newer than the last one (.next/BUILD_ID):
// npm start runs it before serving, and npm test once before its e2e servers start, so every
// spec runs against one build. Run directly (tsx scripts/build-if-needed.ts) it builds and exits.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = process.cwd();
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function buildIfNeeded(): void {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const sources = ["app", "components", "lib", "db", "proxy.ts", "next.config.ts", "instrumentation.ts", "package.json"]
    .map((p) => path.join(root, p))
    .filter((p) => fs.existsSync(p));
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const stale = sources.some((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs) > built);
  if (!stale) return;
  console.log(built ? "Sources changed since the last build: rebuilding…" : "First start: building the app (about a minute)…");
  const r = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: process.env });
  if (r.status !== 0) {
    console.error("The build failed; see the output above.");
    process.exit(r.status ?? 1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) buildIfNeeded();
