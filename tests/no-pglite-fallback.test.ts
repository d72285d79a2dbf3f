import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
// Nothing listens on port 1: PostgreSQL "is down".
const NOWHERE = "postgres://postgres@127.0.0.1:1/postgres";

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: ROOT, env, timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, output: stdout + stderr }),
    );
  });
}

describe("the tests never fall back to PGlite when PostgreSQL is missing (issue 14)", () => {
  it("the vitest global setup fails with a clear message instead of switching to in-memory PGlite", async () => {
    const script = `import("./tests/global-setup.ts").then((m) => m.default()).then(
      () => { console.log("OWO_PGLITE=" + process.env.OWO_PGLITE + " DATABASE_URL=" + process.env.DATABASE_URL); process.exit(0); },
      (e) => { console.error(e.message); process.exit(3); })`;
    const env: NodeJS.ProcessEnv = { ...process.env, TEST_DATABASE_SERVER: NOWHERE };
    delete env.DATABASE_URL;
    delete env.OWO_TEST_DATABASE_READY; // this run's own setup already made its database
    const r = await run(["--import", "tsx", "-e", script], env);
    expect(r.code).toBe(3);
    expect(r.output).toContain("PostgreSQL is not reachable at postgres://127.0.0.1:1/postgres: the tests need a real server.");
  });

  it("the e2e server exits with a clear message instead of starting on the embedded database", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-e2e-nopg-"));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, TEST_DATABASE_SERVER: NOWHERE, OWO_DATA_DIR: dataDir, PORT: "1" };
      delete env.DATABASE_URL;
      const r = await run(["--import", "tsx", "scripts/e2e-server.ts"], env);
      expect(r.code).not.toBe(0);
      expect(r.output).toContain("e2e needs PostgreSQL and none is reachable at 127.0.0.1:1");
      expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
