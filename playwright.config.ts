import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { browserBinary } from "./tests/browser";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
// The e2e server's data dir (its demo passwords: e2e/helpers.ts demoCredentials()); set here,
// once, so the runner, its workers and the server agree on it.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `owo-e2e-data-${PORT}`);

// Debian's Chromium headless shell (tests/browser.ts), never a downloaded browser build.
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: browserBinary(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  },
};

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  // No retries, in CI either: a test that passes only on a second try is a failure to fix.
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A test's allowance, not a speed goal (passing tests never wait for it): long flows (sign up,
  // activate, several pages) take well over a minute when the shards, the servers and Postgres
  // share two cores.
  timeout: 120_000,
  // One folder per server port: npm test runs shards side by side (scripts/test.ts), and each
  // run empties its own output folder only.
  outputDir: path.join("test-results", String(PORT)),
  expect: { timeout: 15_000 },
  use: { baseURL, trace: (process.env.OWO_E2E_TRACE ?? "off") as "off", screenshot: "only-on-failure" },
  projects: [{ name: "chromium", use: chromium }],
  webServer: {
    command: "node --import tsx scripts/e2e-server.ts",
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), HOSTNAME: "127.0.0.1", APP_URL: baseURL, OWO_DATA_DIR: process.env.E2E_DATA_DIR },
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM, not Playwright's default SIGKILL: scripts/e2e-server.ts then drops its database
    // (killed, it left an owo_e2e_* database behind until a later run swept it).
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
