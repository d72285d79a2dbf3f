// npm start – one command from a fresh clone: check (or, on the embedded trial, generate) the
// required secrets, build if needed, migrate, seed the demo merchants on the embedded trial
// (or with OWO_SEED_DEMO=1), serve, and print where to go and how to sign in.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { closeDb, dataDir, getDb } from "@/db/client";
import { migrateDb } from "@/db/migrate";
import { RequiredEnvError, prepareRequiredEnv } from "@/lib/security/required-env";
import { demoSeedAllowed, seedDemo } from "@/lib/seed/seed-demo";
import { startBanner } from "@/lib/seed/start-banner";
import { buildIfNeeded } from "./build-if-needed";

const root = process.cwd();

/** A secret from the environment, else one generated once and kept in .data/. */
function persistentSecret(envName: string, file: string): string {
  if (process.env[envName]) return process.env[envName]!;
  const p = path.join(dataDir(), file);
  if (!fs.existsSync(p)) {
    fs.mkdirSync(dataDir(), { recursive: true });
    fs.writeFileSync(p, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return fs.readFileSync(p, "utf8").trim();
}

async function waitUntilUp(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("the server exited while starting");
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not answer within 2 minutes");
}

async function main() {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  // With DATABASE_URL: refuses to go on without the secrets a deployment must set. Embedded
  // trial: generates each once into .data/.
  prepareRequiredEnv();
  process.env.CRON_SECRET = persistentSecret("CRON_SECRET", "cron-secret");
  const port = process.env.PORT ?? "3000";
  // The embedded trial is for this machine: localhost unless HOSTNAME says otherwise.
  const hostname = process.env.HOSTNAME ?? (process.env.DATABASE_URL ? "0.0.0.0" : "127.0.0.1");
  const localUrl = `http://${["0.0.0.0", "::", "127.0.0.1"].includes(hostname) ? "127.0.0.1" : hostname}:${port}`;
  const appUrl = process.env.APP_URL ?? localUrl.replace("//127.0.0.1:", "//localhost:");
  // The embedded trial listens on this machine only and is reached at 127.0.0.1 or localhost:
  // unless the operator named an address, links and sign-in follow the one the browser used
  // (Auth.js's trustHost). A deployment (DATABASE_URL) keeps one configured address.
  if (process.env.DATABASE_URL || process.env.APP_URL) {
    process.env.APP_URL = appUrl;
    process.env.AUTH_URL ??= appUrl;
  }

  // npm test builds once before its e2e servers start (scripts/test.ts): they serve that build
  // as it is, never rebuilding side by side.
  if (process.env.OWO_SKIP_BUILD !== "1") buildIfNeeded();

  // Migrate and seed here, then let go of the database before the server opens it
  // (embedded PGlite serves one process at a time).
  process.env.OWO_QUIET = "1";
  await migrateDb();
  const demo = demoSeedAllowed() ? await seedDemo(await getDb()) : null;
  await closeDb();
  delete process.env.OWO_QUIET;

  // scripts/serve.ts, not `next start`: it tells the app the TCP peer address (lib/client-ip.ts).
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "serve.ts"), "-p", port, "-H", hostname], {
    stdio: ["ignore", "inherit", "inherit"],
    env: process.env,
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code) => process.exit(code ?? 0));

  await waitUntilUp(localUrl, child);
  const db = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${path.relative(root, dataDir()) || "."}/`;
  console.log(startBanner({ appUrl, database: db, demo, dataDir: path.relative(root, dataDir()) || "." }));
}

main().catch((err) => {
  if (err instanceof RequiredEnvError) console.error(err.message);
  else console.error(`npm start failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
