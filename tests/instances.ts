// Extra app instances for the scale-out and fault specs: scripts/serve.ts (as npm start runs it) of the production build
// (the one the e2e stage's server builds) on a fresh PostgreSQL database of the spec's own, as
// many as a spec wants, each on its own port, each startable, killable (SIGKILL included) and
// restartable. Every instance runs in its own process group, so a kill ends next-server and
// its workers together, as a crashed container would.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createTestDatabase, TEST_SERVER } from "./test-database";
import { freePort } from "./free-port";

const root = path.resolve(import.meta.dirname, "..");
const LOCAL_HOSTS = ["127.0.0.1", "localhost", "::1"];

export const CRON_SECRET = "instances-cron-secret-not-for-production";

/**
 * A deployment's required secrets (DATABASE_URL is set, so next start refuses to run without
 * them), the same for every instance AND for this process: a spec's own setup calls (e.g.
 * createKeyPair, which encrypts the webhook secret) must write what the instances can read.
 * Values already in the environment win; the rest are fixed test values.
 */
const INSTANCE_SECRETS = {
  AUTH_SECRET: "instances-auth-secret-not-for-production-0123456789",
  OWO_ENCRYPTION_KEY: "b3dvLWluc3RhbmNlcy1lbmNyeXB0aW9uLWtleS0zMiE=",
  OWO_IDENTITY_SECRET: "instances-identity-secret-not-for-production",
};
for (const [name, value] of Object.entries(INSTANCE_SECRETS)) process.env[name] ??= value;
const sharedSecrets = () => Object.fromEntries(Object.keys(INSTANCE_SECRETS).map((name) => [name, process.env[name]!]));

export { freePort } from "./free-port";

export type AppDatabase = {
  url: string;
  name: string;
  /** A small pool on the spec's database, for setup and for checking what the app wrote. */
  sql: postgres.Sql;
  /** A connection to the server's maintenance database: it survives pg_terminate_backend on ours. */
  admin: postgres.Sql;
  /** Terminates every connection to this database but the caller's own; answers how many. */
  dropConnections: () => Promise<number>;
  close: () => Promise<void>;
};

/**
 * A fresh, migrated database (swept like every `owo_e2e_*` database if a run dies). While it
 * is open, process.env.DATABASE_URL points at it, so the domain functions a spec calls for its
 * setup (createMerchant, createKeyPair…) write where the instances read.
 */
export async function openAppDatabase(): Promise<AppDatabase> {
  const created = await createTestDatabase("owo_e2e");
  const u = new URL(created.url);
  if (!LOCAL_HOSTS.includes(u.hostname)) {
    await created.drop();
    throw new Error(`refusing to run against a non-local database (${u.hostname})`);
  }
  const name = decodeURIComponent(u.pathname.slice(1));
  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = created.url;
  // The specs' own setup (createKeyPair here) points keys at their 127.0.0.1 webhook receivers.
  process.env.OWO_WEBHOOK_ALLOW_LOOPBACK ??= "1";
  const { migrateDb } = await import("../db/migrate");
  await migrateDb();
  const sql = postgres(created.url, { max: 4, onnotice: () => {} });
  const admin = postgres(TEST_SERVER, { max: 1, onnotice: () => {} });
  return {
    url: created.url,
    name,
    sql,
    admin,
    async dropConnections() {
      const rows = await admin<{ ok: boolean }[]>`
        select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
      return rows.filter((r) => r.ok).length;
    },
    async close() {
      const { closeDb } = await import("../db/client");
      await closeDb().catch(() => {});
      await sql.end({ timeout: 2 }).catch(() => {});
      await admin.end({ timeout: 2 }).catch(() => {});
      if (previousUrl === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previousUrl;
      if (!process.env.KEEP_TEST_DB) await created.drop().catch(() => {});
    },
  };
}

export type AppInstance = {
  name: string;
  port: number;
  url: string;
  logFile: string;
  /** The process group's id while it runs. */
  pid: () => number | null;
  /** Sends a signal to the whole process group and waits until it is gone (SIGKILL: a crash). */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  /** Starts it again on the same port and database; resolves once /api/health answers. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** GET /api/cron on this instance with the right secret: the jobs' report. */
  cron: () => Promise<{ status: number; jobs: Record<string, number> }>;
  logTail: (lines?: number) => string;
};

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * One `next start` of the existing production build. The in-process scheduler is off unless
 * `env` says otherwise (a spec calls /api/cron when it wants a pass, deterministic).
 */
export async function startInstance(opts: { name: string; databaseUrl: string; port?: number; env?: Record<string, string> }): Promise<AppInstance> {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    throw new Error("no production build in .next/: run `npm run build` (the e2e stage's server builds it before the specs run)");
  }
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `owo-${opts.name}-`));
  const logFile = path.join(dataDir, "server.log");
  // The production server (scripts/serve.ts: next + the peer-address header), as npm start runs it.
  const serveScript = path.join(root, "scripts", "serve.ts");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: opts.databaseUrl,
    OWO_DATA_DIR: dataDir,
    ...sharedSecrets(),
    // The specs' webhook receivers listen on loopback; sign-up stays open as on the e2e server.
    OWO_WEBHOOK_ALLOW_LOOPBACK: "1",
    OWO_SIGNUP: "open",
    CRON_SECRET,
    APP_URL: url,
    AUTH_URL: url,
    SCHEDULER: "off",
    ...opts.env,
  };
  let child: ChildProcess | null = null;

  const instance: AppInstance = {
    name: opts.name,
    port,
    url,
    logFile,
    pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid! : null),
    async start() {
      if (instance.pid()) return;
      const log = fs.openSync(logFile, "a");
      child = spawn(process.execPath, ["--import", "tsx", serveScript, "-p", String(port), "-H", "127.0.0.1"], {
        cwd: root,
        env,
        detached: true,
        stdio: ["ignore", log, log],
      });
      fs.closeSync(log);
      const started = child;
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (started.exitCode !== null || started.signalCode !== null) throw new Error(`${opts.name} exited while starting:\n${instance.logTail()}`);
        try {
          const res = await fetch(`${url}/api/health`);
          if (res.ok) return;
        } catch {
          /* not listening yet */
        }
        if (Date.now() > deadline) throw new Error(`${opts.name} did not answer /api/health within 60 s:\n${instance.logTail()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async kill(signal = "SIGKILL") {
      const pgid = instance.pid();
      if (!pgid) return;
      const exited = new Promise<void>((r) => child!.once("exit", () => r()));
      try {
        process.kill(-pgid, signal);
      } catch {
        /* already gone */
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      // Whatever the group left behind (a worker that ignored SIGTERM) does not outlive the test.
      for (let i = 0; i < 50 && groupAlive(pgid); i++) await new Promise((r) => setTimeout(r, 100));
      if (groupAlive(pgid)) process.kill(-pgid, "SIGKILL");
    },
    async stop() {
      await instance.kill("SIGTERM");
      // KEEP_INSTANCE_LOGS=1 keeps the instance's data dir (server.log) for a failure's post-mortem.
      if (!process.env.KEEP_INSTANCE_LOGS) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async cron() {
      const res = await fetch(`${url}/api/cron`, { headers: { authorization: `Bearer ${CRON_SECRET}` } });
      const body = (await res.json().catch(() => ({}))) as { jobs?: Record<string, number> };
      return { status: res.status, jobs: body.jobs ?? {} };
    },
    logTail(lines = 40) {
      try {
        return fs.readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
      } catch {
        return "(no log)";
      }
    },
  };
  // Never an orphan server, whatever happens to the test process.
  process.once("exit", () => {
    const pgid = instance.pid();
    if (pgid) {
      try {
        process.kill(-pgid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
  });
  await instance.start();
  return instance;
}

/** The /v1 envelope as a client sees it, with the status and the headers that matter here. */
export type ApiAnswer<T = Record<string, unknown>> = {
  status: number;
  headers: Headers;
  text: string;
  body: { success?: boolean; data?: T; error?: { code: string; message: string; details?: string[] }; correlationId?: string } | null;
};

/** One /v1 call with a secret key; a connection that fails answers status 0 (never throws). */
export async function api<T = Record<string, unknown>>(baseUrl: string, key: string, method: string, pathname: string, json?: unknown): Promise<ApiAnswer<T>> {
  try {
    const res = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: { "x-api-key": key, ...(json === undefined ? {} : { "content-type": "application/json" }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await res.text();
    let body: ApiAnswer<T>["body"] = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, text, body };
  } catch (err) {
    return { status: 0, headers: new Headers(), text: String(err), body: null };
  }
}

/** `owo ledger audit` on the spec's database (the domain function, one consistent snapshot). */
export async function ledgerAudit() {
  const [{ getDb }, { auditLedger }] = await Promise.all([import("../db/client"), import("../lib/ledger/audit-ledger")]);
  return auditLedger(await getDb());
}

/** A new merchant and a test-mode key pair on the spec's database: the clear secret key, ids, wallet PayID. */
export async function makeMerchantKey(config: Record<string, unknown> = {}) {
  const [{ getDb }, { createMerchant }, { createKeyPair }, { CLI_ACTOR }, { randomBase62 }] = await Promise.all([
    import("../db/client"),
    import("../lib/merchants/create-merchant"),
    import("../lib/keys/create-key-pair"),
    import("../lib/audit/record-audit"),
    import("../lib/ids"),
  ]);
  const db = await getDb();
  const tag = randomBase62(8).toLowerCase();
  const created = await createMerchant(db, {
    name: `Scale ${tag}`,
    type: "business",
    email: `owner-${tag}@example.com`,
    password: "correct horse battery",
    actor: CLI_ACTOR,
    activated: true,
  });
  const key = await createKeyPair(db, {
    merchantId: created.merchant.id,
    mode: "test",
    actor: CLI_ACTOR,
    config: { rateLimit: 1_000_000, initializeLimit: 1_000_000, ...config },
  });
  return { merchantId: created.merchant.id, keyPairId: key.keyPair.id, secretKey: key.secretKey, walletPayId: created.payIds.test };
}
