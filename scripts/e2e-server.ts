// The server Playwright tests against: `npm start` (build if needed, migrate, seed, next
// start) on a fresh PostgreSQL database of its own, dropped again when the run ends.
// Refuses a non-local database, so e2e can never touch real data.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, postgresReachable } from "../tests/test-database";

async function main() {
  // The scheduler runs every second, as in production but faster: sandbox bank transfers
  // settle and webhook retries go out while the tests watch.
  // Request lines (info) would drown the test report; warnings and errors still show.
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", SCHEDULER_INTERVAL_MS: process.env.SCHEDULER_INTERVAL_MS ?? "1000", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" };
  env.OWO_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "owo-e2e-"));
  env.AUTH_SECRET ??= "e2e-auth-secret-not-for-production-0123456789";
  let drop: (() => Promise<void>) | null = null;
  if (await postgresReachable()) {
    const db = await createTestDatabase("owo_e2e");
    const host = new URL(db.url).hostname;
    if (!["127.0.0.1", "localhost", "::1"].includes(host)) throw new Error(`refusing to run e2e against a non-local database (${host})`);
    env.DATABASE_URL = db.url;
    drop = db.drop;
  } else {
    delete env.DATABASE_URL; // embedded PGlite in the temporary data dir
  }
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { stdio: "inherit", env });
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    await drop?.().catch(() => {});
    fs.rmSync(env.OWO_DATA_DIR!, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  child.on("exit", (code) => {
    void drop?.().catch(() => {});
    process.exit(code ?? 1);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
