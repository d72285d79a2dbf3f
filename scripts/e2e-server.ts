// The server Playwright tests against: `npm start` (build if needed, migrate, seed, next
// start) on a fresh PostgreSQL database of its own, dropped again when the run ends.
// Refuses a non-local database, so e2e can never touch real data, and refuses to run without
// PostgreSQL (no embedded fallback: e2e runs as a deployment does).
//
// With DATABASE_URL set, npm start seeds nothing and requires a deployment's secrets, so this
// sets them explicitly: the demo seed (OWO_SEED_DEMO=1: its random passwords land in
// OWO_DATA_DIR/demo-passwords.json, where e2e/helpers.ts's demoCredentials() reads them), the
// required secrets, loopback webhook receivers (the specs' own) and open sign-up.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, postgresReachable, TEST_SERVER } from "../tests/test-database";

async function main() {
  // The scheduler runs every second, as in production but faster: sandbox bank transfers
  // settle and webhook retries go out while the tests watch.
  // Request lines (info) would drown the test report; warnings and errors still show.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    SCHEDULER_INTERVAL_MS: process.env.SCHEDULER_INTERVAL_MS ?? "1000",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  };
  // playwright.config.ts names the data dir (E2E_DATA_DIR) so the specs can read the demo
  // passwords; it starts empty every run.
  if (env.OWO_DATA_DIR) {
    fs.rmSync(env.OWO_DATA_DIR, { recursive: true, force: true });
    fs.mkdirSync(env.OWO_DATA_DIR, { recursive: true, mode: 0o700 });
  } else {
    env.OWO_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "owo-e2e-"));
  }
  env.OWO_SEED_DEMO = "1";
  env.OWO_ENCRYPTION_KEY ??= "b3dvLWUyZS1lbmNyeXB0aW9uLWtleS0zMi1ieXRlcyE=";
  env.OWO_IDENTITY_SECRET ??= "e2e-identity-secret-not-for-production";
  env.AUTH_SECRET ??= "e2e-auth-secret-not-for-production-0123456789";
  env.OWO_WEBHOOK_ALLOW_LOOPBACK = "1";
  env.OWO_SIGNUP = "open";
  // Live mode on the sandbox rail unless a spec's server names real rails (their simulators).
  env.OWO_RAILS ??= "sandbox";
  env.OWO_SIGNUP_LIMIT_PER_IP ??= "1000"; // every spec signs up from 127.0.0.1
  env.SMTP_URL ??= `smtp://127.0.0.1:${Number(env.PORT ?? 3100) + 20000}`; // e2eSmtpPort (tests/smtp-capture.ts): e2e/accounts.spec.ts captures the mails

  if (!(await postgresReachable())) {
    throw new Error(
      `e2e needs PostgreSQL and none is reachable at ${new URL(TEST_SERVER).host}: start it (npm test does, with pg_ctlcluster) or set TEST_DATABASE_SERVER`,
    );
  }
  const db = await createTestDatabase("owo_e2e");
  const host = new URL(db.url).hostname;
  if (!["127.0.0.1", "localhost", "::1"].includes(host)) {
    await db.drop();
    throw new Error(`refusing to run e2e against a non-local database (${host})`);
  }
  env.DATABASE_URL = db.url;
  const drop = db.drop;

  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { stdio: "inherit", env });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    await drop().catch(() => {});
    fs.rmSync(env.OWO_DATA_DIR!, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Playwright ends the run with SIGTERM to the process group (playwright.config.ts
  // gracefulShutdown), which reaches the child too: stop() then drops the database and exits.
  child.on("exit", (code) => {
    if (stopping) return;
    void drop()
      .catch(() => {})
      .finally(() => process.exit(code ?? 1));
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
