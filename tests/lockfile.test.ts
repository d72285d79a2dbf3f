import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type LockEntry = { optionalDependencies?: Record<string, string>; dependencies?: Record<string, string> };
type Lockfile = { lockfileVersion: number; packages: Record<string, LockEntry> };

/**
 * Each optional dependency a lockfile entry declares, that the lockfile does not record where
 * Node's resolution would look for it (the entry's own node_modules, then each parent's, up to
 * the root). `npm ci` refuses such a lockfile on the platforms those packages are for (e.g.
 * @next/swc-darwin-arm64 on a Mac), since it may not add what the lockfile lacks.
 */
export function missingOptionalPackages(lock: Lockfile): string[] {
  const missing: string[] = [];
  for (const [entryPath, entry] of Object.entries(lock.packages)) {
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
      const candidates: string[] = [];
      let dir = entryPath;
      for (;;) {
        candidates.push(dir ? `${dir}/node_modules/${dep}` : `node_modules/${dep}`);
        if (!dir) break;
        const up = dir.lastIndexOf("/node_modules/");
        dir = up === -1 ? "" : dir.slice(0, up);
      }
      if (!candidates.some((c) => c in lock.packages)) missing.push(`${entryPath || "(root)"} → ${dep}`);
    }
  }
  return missing;
}

describe("package-lock.json installs everywhere (issue 14: npm ci refused it on macOS and Windows)", () => {
  const lock = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../package-lock.json"), "utf8")) as Lockfile;

  it("records every optional (platform) package that any locked package declares", () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(2);
    expect(missingOptionalPackages(lock)).toEqual([]);
  });

  it("has the other platforms' binaries of Next, Tailwind's oxide and lightningcss", () => {
    for (const p of [
      "node_modules/@next/swc-darwin-arm64",
      "node_modules/@next/swc-win32-x64-msvc",
      "node_modules/@tailwindcss/oxide-darwin-arm64",
      "node_modules/lightningcss-win32-x64-msvc",
    ]) {
      expect(Object.keys(lock.packages)).toContain(p);
    }
  });

  it("the check itself catches a lockfile that lacks a platform package", () => {
    const broken: Lockfile = {
      lockfileVersion: 3,
      packages: {
        "": {},
        "node_modules/next": { optionalDependencies: { "@next/swc-darwin-arm64": "16.4.6", "@next/swc-linux-x64-gnu": "16.4.6" } },
        "node_modules/@next/swc-linux-x64-gnu": {},
      },
    };
    expect(missingOptionalPackages(broken)).toEqual(["node_modules/next → @next/swc-darwin-arm64"]);
  });
});
