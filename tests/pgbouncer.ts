// A PgBouncer of the test's own in front of the test PostgreSQL server (Debian's `pgbouncer`,
// started like PostgreSQL is by the test set-up): transaction pooling, its own ini in a temp
// folder, a free port, trust auth as the local server has. The scale-out spec's instances and
// the bouncer-mode vitest files connect through it (`?pgbouncer=true`), which proves the app
// keeps no session state and no named prepared statement across transactions.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { TEST_SERVER } from "./test-database";
import { freePort } from "./free-port";

export const PGBOUNCER_INSTALL =
  "PgBouncer is not installed: `apt-get install pgbouncer` (Debian; npm test installs it when run as root), or set PGBOUNCER_PATH to its binary";

export type Bouncer = {
  port: number;
  /** The URL of `databaseUrl`'s database through this bouncer, with `?pgbouncer=true`. */
  urlFor: (databaseUrl: string) => string;
  /** Rows of the admin console's SHOW <what> (CLIENTS, SERVERS, POOLS…). */
  show: <T = Record<string, unknown>>(what: string) => Promise<T[]>;
  stop: () => Promise<void>;
  logTail: (lines?: number) => string;
};

/** The pgbouncer binary: PGBOUNCER_PATH when set (null if it is not there), else Debian's (/usr/sbin is not on every PATH), else PATH's; null when none. */
export function pgbouncerBinary(): string | null {
  const given = process.env.PGBOUNCER_PATH;
  if (given) return fs.existsSync(given) ? given : null;
  for (const c of ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"]) if (fs.existsSync(c)) return c;
  const found = spawnSync("sh", ["-c", "command -v pgbouncer"], { encoding: "utf8" });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts a transaction-mode PgBouncer before TEST_SERVER; fails loudly (with how to install it)
 * when pgbouncer is missing. PgBouncer refuses to run as root: as root it runs as `postgres`
 * (Debian's server user) or `nobody`, so its folder is readable by all.
 */
export async function startBouncer(opts: { poolSize?: number } = {}): Promise<Bouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error(PGBOUNCER_INSTALL);
  const server = new URL(TEST_SERVER);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-pgbouncer-"));
  fs.chmodSync(dir, 0o755);
  const user = decodeURIComponent(server.username || "postgres");
  const ini = path.join(dir, "pgbouncer.ini");
  fs.writeFileSync(path.join(dir, "users.txt"), `"${user}" ""\n`, { mode: 0o644 });
  fs.writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(dir, "users.txt")}`,
      "pool_mode = transaction",
      // Few server connections for many clients: statements of one client really do land on
      // different server connections, and each server connection serves many clients.
      `default_pool_size = ${opts.poolSize ?? 6}`,
      "max_client_conn = 400",
      // The app sends no other start-up parameter through a pooler (db/client.ts postgresOptions).
      "ignore_startup_parameters = extra_float_digits",
      `admin_users = ${user}`,
      "log_connections = 0",
      "log_disconnections = 0",
      "",
    ].join("\n"),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const runAs = asRoot ? (spawnSync("id", ["-u", "postgres"]).status === 0 ? "postgres" : "nobody") : null;
  const child: ChildProcess = spawn(binary, [...(runAs ? ["-u", runAs] : []), ini], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  // Its log is its stderr (a log file would have to be writable by the user it runs as).
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  const logTail = (lines = 30) => stderr.trimEnd().split("\n").slice(-lines).join("\n");
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`pgbouncer exited while starting:\n${logTail()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`pgbouncer did not listen on ${port} within 10 s:\n${logTail()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const onExit = () => child.kill("SIGKILL");
  process.once("exit", onExit);
  return {
    port,
    urlFor(databaseUrl) {
      const u = new URL(databaseUrl);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      u.searchParams.set("pgbouncer", "true");
      return u.toString();
    },
    async show<T>(what: string) {
      // The admin console speaks the simple protocol only and has no pg_type to fetch.
      const admin = postgres({
        host: "127.0.0.1",
        port,
        database: "pgbouncer",
        username: user,
        max: 1,
        prepare: false,
        fetch_types: false,
        onnotice: () => {},
      });
      try {
        return (await admin.unsafe(`SHOW ${what}`).simple()) as unknown as T[];
      } finally {
        await admin.end({ timeout: 2 });
      }
    },
    async stop() {
      process.off("exit", onExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
    logTail,
  };
}
