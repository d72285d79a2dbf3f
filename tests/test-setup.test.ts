import { execFile } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

function prepare(stage: string, env: NodeJS.ProcessEnv): Promise<string> {
  const script = `import("./scripts/test-setup.ts").then((m) => m.prepareTestMachine(${JSON.stringify(stage)}))`;
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ["--import", "tsx", "-e", script], { cwd: ROOT, env, timeout: 60_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stdout}${stderr}`)) : resolve(stdout + stderr),
    ),
  );
}

describe("npm test sets the machine up, or says in one line what to install (issue 14)", () => {
  it("a missing Chromium it may not install is one line naming what to install", async () => {
    const out = await prepare("e2e", { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium" });
    const lines = out.split("\n").filter((l) => l.includes("Chromium"));
    expect(lines).toEqual([
      "[setup] Chromium is missing at /nonexistent/chromium: install Debian's chromium-headless-shell (sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH to a Chromium binary",
    ]);
  });

  it("a missing PgBouncer it may not install is one line naming what to install", async () => {
    const out = await prepare("e2e", { ...process.env, CHROMIUM_PATH: process.execPath, PGBOUNCER_PATH: "/nonexistent/pgbouncer" });
    expect(out.trim()).toBe(
      "[setup] PgBouncer is missing at /nonexistent/pgbouncer: install Debian's pgbouncer (sudo apt-get install pgbouncer) or set PGBOUNCER_PATH to its binary",
    );
  });

  it("a PostgreSQL it cannot start is one line naming what to do", async () => {
    const out = await prepare("unit", { ...process.env, TEST_DATABASE_SERVER: "postgres://postgres@db.invalid:5432/postgres" });
    expect(out.trim()).toBe(
      "[setup] PostgreSQL is not reachable at db.invalid:5432: install and start it (Debian: apt-get install postgresql, trust auth for 127.0.0.1) or set TEST_DATABASE_SERVER",
    );
  });

  it("says nothing when PostgreSQL answers and Chromium is there", async () => {
    const out = await prepare("e2e", { ...process.env, CHROMIUM_PATH: process.execPath });
    expect(out.trim()).toBe("");
  });
});
