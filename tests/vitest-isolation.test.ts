import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISOLATED } from "../vitest.config";

const ROOT = path.resolve(import.meta.dirname, "..");

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(rel));
    else if (entry.name.endsWith(".test.ts")) out.push(rel);
  }
  return out;
}

// vitest.config.ts runs most files without isolation (one module graph per worker). A file that
// replaces a module or changes the environment would leak into the files after it, so it must be
// on the ISOLATED list.
describe("the vitest isolation list", () => {
  it("holds every test file that mocks a module, stubs a global or assigns process.env", () => {
    const leaking = ["lib", "db", "app", "tests"]
      .flatMap(testFiles)
      .filter((file) =>
        /vi\.(mock|doMock|stubEnv|stubGlobal)\(|process\.env\.[A-Z_]+ *=[^=]|process\.env\[[^\]]+\] *=[^=]|delete process\.env/.test(
          fs.readFileSync(path.join(ROOT, file), "utf8"),
        ),
      )
      .filter((file) => file !== "tests/vitest-isolation.test.ts");
    expect(leaking.filter((file) => !ISOLATED.includes(file))).toEqual([]);
  });

  it("names only files that exist", () => {
    expect(ISOLATED.filter((file) => !fs.existsSync(path.join(ROOT, file)))).toEqual([]);
  });
});
