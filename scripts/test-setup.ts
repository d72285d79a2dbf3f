// What `npm test` needs on the machine, set up when it can be: the local PostgreSQL started
// when it is down (pg_ctlcluster, Debian/Ubuntu), Debian's chromium-headless-shell and pgbouncer installed
// when they are missing and we may (root + apt-get). Where it cannot, one line says what to install; the
// tests then stop with their own clear message (never a fallback to another database).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { BROWSER_PACKAGE, browserBinary } from "../tests/browser";
import { pgbouncerBinary } from "../tests/pgbouncer";
import { postgresReachable, TEST_SERVER } from "../tests/test-database";

const log = (line: string) => console.log(`[setup] ${line}`);
const has = (cmd: string) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;

async function startLocalPostgres(): Promise<void> {
  if (await postgresReachable()) return;
  const local = ["127.0.0.1", "localhost", "::1"].includes(new URL(TEST_SERVER).hostname);
  const versions = fs.existsSync("/etc/postgresql") ? fs.readdirSync("/etc/postgresql") : [];
  if (local && has("pg_ctlcluster") && versions.length) {
    log("PostgreSQL is down: starting it (pg_ctlcluster)");
    for (const v of versions) spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", v, "main", "start"], { stdio: "inherit" });
    for (let i = 0; i < 30; i++) {
      if (await postgresReachable()) return;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  log(
    `PostgreSQL is not reachable at ${new URL(TEST_SERVER).host}: install and start it (Debian: apt-get install postgresql, trust auth for 127.0.0.1) or set TEST_DATABASE_SERVER`,
  );
}

function installChromium(): void {
  const browser = browserBinary();
  if (fs.existsSync(browser)) return;
  if (!process.env.CHROMIUM_PATH && process.getuid?.() === 0 && has("apt-get")) {
    log(`Installing Debian's ${BROWSER_PACKAGE} for the e2e tests`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const ok =
      spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env }).status === 0 &&
      spawnSync("apt-get", ["install", "-y", "-qq", BROWSER_PACKAGE], { stdio: "inherit", env }).status === 0;
    if (ok && fs.existsSync(browser)) return;
  }
  log(
    `Chromium is missing at ${browser}: install Debian's ${BROWSER_PACKAGE} (sudo apt-get install ${BROWSER_PACKAGE}) or set CHROMIUM_PATH to a Chromium binary`,
  );
}

/** Debian's pgbouncer, for the scale-out spec and tests/behind-pgbouncer.test.ts (tests/pgbouncer.ts starts it). */
function installPgbouncer(): void {
  const given = process.env.PGBOUNCER_PATH;
  if (pgbouncerBinary()) return;
  if (!given && process.getuid?.() === 0 && has("apt-get")) {
    log("Installing Debian's pgbouncer for the scale-out tests");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const ok =
      spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env }).status === 0 &&
      spawnSync("apt-get", ["install", "-y", "-qq", "pgbouncer"], { stdio: "inherit", env }).status === 0;
    if (ok && pgbouncerBinary()) return;
  }
  log(`PgBouncer is missing${given ? ` at ${given}` : ""}: install Debian's pgbouncer (sudo apt-get install pgbouncer) or set PGBOUNCER_PATH to its binary`);
}

/** Prepares what the given stages need (all of them when `only` is unset). */
export async function prepareTestMachine(only?: string): Promise<void> {
  if (!only || only === "unit" || only === "e2e") await startLocalPostgres();
  if (!only || only === "e2e") installChromium();
  if (!only || only === "unit" || only === "e2e") installPgbouncer();
}
