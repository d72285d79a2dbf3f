import { execFile } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Per test of a file that runs the CLI: each call is a new Node process that loads the app
 * (well under a second from the run's bundle, several on a loaded 2-core machine), and a test
 * makes several. Not a
 * speed goal: a stuck call still fails, at runOwo's own 60 s.
 */
export const CLI_TEST_TIMEOUT_MS = 120_000;

export type OwoResult = { code: number; stdout: string; stderr: string; json: Record<string, unknown> };

/**
 * Runs the real `owo` CLI with --json (as one bundle built for the run, tests/cli-bundle.ts;
 * bin/owo.mjs when run outside the suite's set-up) against the test database (DATABASE_URL)
 * and parses its one JSON object; rejects unless stdout is exactly one line of JSON.
 */
export function runOwo(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<OwoResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [process.env.OWO_CLI_BUNDLE ?? "bin/owo.mjs", ...args, "--json"],
      { cwd: ROOT, env: { ...process.env, OWO_DATA_DIR: dataDir, OWO_QUIET: "1", ...env }, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : -1) : 0;
        const lines = stdout.trim().split("\n").filter(Boolean);
        if (lines.length !== 1) {
          reject(new Error(`expected exactly one line of JSON on stdout (exit ${code}), got:\n${stdout}\nstderr:\n${stderr}`));
          return;
        }
        try {
          resolve({ code, stdout, stderr, json: JSON.parse(lines[0]!) as Record<string, unknown> });
        } catch {
          reject(new Error(`stdout is not JSON (exit ${code}): ${stdout}\nstderr:\n${stderr}`));
        }
      },
    );
  });
}
