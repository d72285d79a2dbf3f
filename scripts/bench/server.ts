// The server a benchmark runs against: `scripts/start.ts` (build if needed, migrate, seed,
// `next start`) on a fresh PostgreSQL database of its own, with the in-process scheduler off
// and the bench-only routes open to this run (OWO_BENCH_SECRET). Everything it starts lives in one process group, so stopping
// it ends the build, the starter and `next start` together.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createTestDatabase } from "../../tests/test-database";
import { BENCH_SECRET } from "./bench-secret";

export type BenchServer = {
  url: string;
  databaseUrl: string;
  /** The process group id: every process the server consists of. */
  pgid: number;
  logFile: string;
  stop: () => Promise<void>;
};

/** The bench server's CRON_SECRET: scenarios call GET /api/cron with it (the scheduler's timer is off). */
export const BENCH_CRON_SECRET = "bench-cron-secret-not-for-production";

const LOCAL_HOSTS = ["127.0.0.1", "localhost", "::1"];

/**
 * A real deployment's required secrets (DATABASE_URL is set), fixed for the run: the server
 * and every `owo` CLI call the scenarios make (lib/security/required-env refuses to start without them).
 */
export const BENCH_DEPLOYMENT_SECRETS = {
  AUTH_SECRET: "bench-auth-secret-not-for-production-0123456789",
  OWO_ENCRYPTION_KEY: "b3dvLWJlbmNoLWVuY3J5cHRpb24ta2V5LTMyLWJ5dGU=",
  OWO_IDENTITY_SECRET: "bench-identity-secret-not-for-production",
};

function portFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    /* already gone */
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error("the server exited while starting");
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

/**
 * Starts the app on a new database. While it starts (and builds, when the sources changed)
 * its output is shown; once it serves, its output goes to the log file only, so errors
 * logged under load do not flood the report.
 */
export async function startBenchServer(opts: {
  port: number;
  host: string;
  startTimeoutMs: number;
  log: (line: string) => void;
  /** Receives the stop function as soon as there is something to clean up (Ctrl-C while starting). */
  onCleanup: (stop: () => Promise<void>) => void;
  /** V8 CPU profiles on demand (SIGUSR2 to the group starts/stops one) into this folder: scripts/bench/profile-hook.mjs. */
  cpuProfDir?: string;
}): Promise<BenchServer> {
  if (!(await portFree(opts.port, opts.host))) throw new Error(`port ${opts.port} is in use: pass --port or set BENCH_PORT`);

  const database = await createTestDatabase("owo_bench");
  const dbHost = new URL(database.url).hostname;
  if (!LOCAL_HOSTS.includes(dbHost)) {
    await database.drop();
    throw new Error(`refusing to benchmark against a non-local database (${dbHost})`);
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-bench-"));
  const logFile = path.join(dataDir, "server.log");
  const logStream = fs.createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: database.url,
    PORT: String(opts.port),
    HOSTNAME: opts.host,
    OWO_DATA_DIR: dataDir,
    SCHEDULER: "off",
    // The bench-only routes answer requests carrying this run's secret (and nothing else).
    OWO_BENCH_SECRET: BENCH_SECRET,
    // The webhook receiver listens on loopback.
    ...BENCH_DEPLOYMENT_SECRETS,
    OWO_WEBHOOK_ALLOW_LOOPBACK: "1",
    OWO_SIGNUP: "open",
    CRON_SECRET: BENCH_CRON_SECRET,
  };
  if (opts.cpuProfDir) {
    const hook = pathToFileURL(path.join(import.meta.dirname, "profile-hook.mjs")).href;
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --import=${hook}`.trim();
    env.OWO_BENCH_CPU_PROF_DIR = opts.cpuProfDir;
  }
  delete env.APP_URL;
  delete env.AUTH_URL;

  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const pgid = child.pid!;
  let echo = true;
  for (const stream of [child.stdout!, child.stderr!]) {
    let pending = "";
    stream.on("data", (chunk: Buffer) => {
      logStream.write(chunk);
      if (!echo) return;
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop()!;
      for (const line of lines) if (line.trim()) opts.log(`  server │ ${line}`);
    });
  }

  let stopped: Promise<void> | null = null;
  const stop = () => (stopped ??= shutDown());
  const shutDown = async () => {
    killGroup(pgid, "SIGTERM");
    const gone = await Promise.race([exited(child).then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
    if (!gone || groupAlive(pgid)) {
      await new Promise((r) => setTimeout(r, 500));
      killGroup(pgid, "SIGKILL");
    }
    logStream.end();
    await database.drop().catch((err: unknown) => opts.log(`could not drop ${database.url}: ${String(err)}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  opts.onCleanup(stop);
  // Last resort if the bench process dies without running its cleanup: no orphan server.
  process.once("exit", () => {
    if (!stopped) killGroup(pgid, "SIGKILL");
  });

  const url = `http://${opts.host}:${opts.port}`;
  try {
    await waitForHealth(url, child, opts.startTimeoutMs);
  } catch (err) {
    echo = false;
    await stop();
    throw err;
  }
  echo = false;
  return { url, databaseUrl: database.url, pgid, logFile, stop };
}

/** The last lines of the server's log, for a failure report. */
export function logTail(logFile: string, lines = 40): string {
  try {
    return fs.readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no server log)";
  }
}

/** The pid of the app server process itself (scripts/serve.ts) in the bench server's group (Linux). */
export function appServerPid(pgid: number): number | null {
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp === pgid && /scripts\/serve\.ts/.test(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8"))) return Number(pid);
    } catch {
      /* gone */
    }
  }
  return null;
}
