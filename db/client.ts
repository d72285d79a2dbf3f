import fs from "node:fs";
import path from "node:path";
import { drizzle as drizzlePg, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Db = PostgresJsDatabase<typeof schema>;
/** A database handle or an open transaction: every step function takes one first. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Stops a LISTEN. */
export type Unlisten = () => Promise<void>;
type Handle = {
  db: Db;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
  /**
   * LISTEN on a channel: `onPayload` gets each NOTIFY's payload once its transaction commits;
   * `onListen` runs each time listening starts (again after a lost connection, on PostgreSQL).
   */
  listen: (channel: string, onPayload: (payload: string) => void, onListen?: () => void) => Promise<Unlisten>;
};

// One handle per process on globalThis: instrumentation and each route bundle get their own
// copy of this module, and a second PGlite on the same folder would corrupt it.
const globalForDb = globalThis as unknown as { __owoDb?: Promise<Handle> };

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.OWO_DATA_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), ".data"));
}

const SSL_MODES = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"] as const;
type SslMode = (typeof SSL_MODES)[number];
// `max_pipeline` is an option postgres.js reads (src/index.js) that its types leave out.
type PgOptions = postgres.Options<Record<string, postgres.PostgresType>> & { max_pipeline?: number };

function readPemFile(param: string, file: string): string {
  try {
    return fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8");
  } catch (err) {
    throw new Error(`DATABASE_URL's ${param}=${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

/**
 * DATABASE_URL's sslmode as libpq reads it. disable: no TLS. allow/prefer: TLS when the server
 * offers it, unverified, plaintext otherwise. require: TLS, unverified (verified against
 * sslrootcert as verify-ca when one is given, as libpq does). verify-ca: the certificate must
 * chain to the CA (sslrootcert, else Node's bundled roots), any host name. verify-full: that
 * and the host name must match. sslrootcert=system: Node's bundled roots, verify-full only.
 * sslcert/sslkey: a client certificate. An unknown mode is an error, never a downgrade.
 */
export function sslOptions(params: URLSearchParams): PgOptions["ssl"] {
  const given = params.get("sslmode");
  const rootcert = params.get("sslrootcert");
  if (given !== null && !(SSL_MODES as readonly string[]).includes(given)) {
    throw new Error(`DATABASE_URL has an unknown sslmode "${given}": use one of ${SSL_MODES.join(", ")}`);
  }
  let mode: SslMode = (given as SslMode | null) ?? (rootcert === "system" ? "verify-full" : "prefer");
  if (given === null && !params.has("sslrootcert") && !params.has("sslcert")) return false; // as before: no TLS unless asked
  if (rootcert === "system" && mode !== "verify-full") {
    throw new Error(`DATABASE_URL has sslrootcert=system with sslmode=${mode}: the system roots are only used with sslmode=verify-full`);
  }
  if (mode === "require" && rootcert) mode = "verify-ca";
  if (mode === "disable") return false;
  if (mode === "allow" || mode === "prefer" || mode === "require") {
    const cert = params.get("sslcert");
    const key = params.get("sslkey");
    if (!cert) return mode === "require" ? "require" : "prefer";
    return { rejectUnauthorized: false, cert: readPemFile("sslcert", cert), ...(key ? { key: readPemFile("sslkey", key) } : {}) };
  }
  const tls: import("node:tls").ConnectionOptions = { rejectUnauthorized: true };
  if (rootcert && rootcert !== "system") tls.ca = readPemFile("sslrootcert", rootcert);
  const cert = params.get("sslcert");
  const key = params.get("sslkey");
  if (cert) tls.cert = readPemFile("sslcert", cert);
  if (key) tls.key = readPemFile("sslkey", key);
  // verify-ca: the chain is checked, the name on the certificate is not.
  if (mode === "verify-ca") tls.checkServerIdentity = () => undefined;
  return tls;
}

/** A non-negative whole number of milliseconds from the environment (0 turns the timeout off). */
function millisFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number of milliseconds (0 turns it off), not "${raw}"`);
  return Number(raw);
}

/**
 * Server settings for every connection: a runaway statement is cancelled after
 * DATABASE_STATEMENT_TIMEOUT_MS (default 30 s) and a transaction left idle is ended after
 * DATABASE_IDLE_TX_TIMEOUT_MS (default 60 s), so neither can hold locks or a pool slot forever.
 */
export function connectionSettings(): Record<string, number> {
  return {
    statement_timeout: millisFromEnv("DATABASE_STATEMENT_TIMEOUT_MS", 30_000),
    idle_in_transaction_session_timeout: millisFromEnv("DATABASE_IDLE_TX_TIMEOUT_MS", 60_000),
  };
}

/**
 * Whether a database URL leads through a transaction-mode connection pooler (PgBouncer): its
 * `pgbouncer` query parameter, `true` or `1` (`false`, `0` or absent: a direct connection). The
 * operator says so, since nothing on the wire tells a pooler from PostgreSQL. Through one, a
 * statement may run on another server connection than the one before it, so the app keeps no
 * state between statements there: no named prepared statements, no session settings, no LISTEN
 * and no session advisory lock (DATABASE_DIRECT_URL serves the last two).
 */
export function isPoolerUrl(url: string): boolean {
  const given = new URL(url).searchParams.get("pgbouncer");
  if (given === null || given === "false" || given === "0") return false;
  if (given === "true" || given === "1") return true;
  throw new Error(`DATABASE_URL has pgbouncer=${given}: use pgbouncer=true (through PgBouncer in transaction mode) or leave it out`);
}

const poolerCache = { url: undefined as string | undefined, pooled: false };

/**
 * Whether this process's DATABASE_URL goes through a transaction-mode pooler (isPoolerUrl):
 * then a statement must not count on state left by the one before it (the rate limit's
 * one-round-trip count, lib/http/rate-limit.ts, takes its two-statement road instead).
 */
export function behindPooler(): boolean {
  const url = process.env.DATABASE_URL;
  if (url !== poolerCache.url) {
    poolerCache.pooled = url ? isPoolerUrl(url) : false;
    poolerCache.url = url;
  }
  return poolerCache.pooled;
}

/**
 * A direct connection to PostgreSQL for what needs a session of its own (migrations at boot
 * under an advisory lock, LISTEN for the hosted pages' live status and webhook wake-ups):
 * DATABASE_DIRECT_URL, else DATABASE_URL when that is direct; null when DATABASE_URL goes
 * through a pooler and no direct URL is given.
 */
export function directUrl(): string | null {
  const direct = process.env.DATABASE_DIRECT_URL?.trim();
  if (direct) {
    if (isPoolerUrl(direct)) throw new Error("DATABASE_DIRECT_URL has pgbouncer=true: it must lead to PostgreSQL itself, not through the pooler");
    return direct;
  }
  const url = process.env.DATABASE_URL;
  return url && !isPoolerUrl(url) ? url : null;
}

/**
 * postgres.js ignores `?host=/socket/dir` on a localhost URL, so the URL is parsed here. Through
 * a pooler (`?pgbouncer=true`) statements are never prepared by name (PgBouncer 1.18 in
 * transaction mode cannot follow them from one server connection to another) and the timeouts
 * are not sent at connection start (PgBouncer refuses unknown start-up parameters, and one it
 * ignores never reaches PostgreSQL): set them on the database role (README, Scaling).
 */
export function postgresOptions(url: string): PgOptions {
  const u = new URL(url);
  const socketHost = u.searchParams.get("host");
  const pooled = isPoolerUrl(url);
  const options: PgOptions = {
    host: socketHost || u.hostname || "localhost",
    port: u.port ? Number(u.port) : 5432,
    database: decodeURIComponent(u.pathname.replace(/^\//, "")) || undefined,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // postgres.js 3.4.9 left a pooled connection unable to send after Postgres dropped it
    // mid-write, each later query waiting for the connect timeout (porsager/postgres#1066,
    // #1208; fix not released): scripts/patch-postgres.mjs repairs it at install. 10 s
    // instead of 30 s still bounds how long a request hangs on an unreachable server.
    connect_timeout: Number(process.env.DATABASE_CONNECT_TIMEOUT ?? 10),
    onnotice: () => {},
    ssl: sslOptions(u.searchParams),
    connection: pooled ? {} : connectionSettings(),
    // Off, it overrides every query's own `prepare: true` (preparedRows): all unnamed. And one
    // query at a time per connection: with every connection busy postgres.js pipelines the next
    // query onto one of them, and through a transaction-mode PgBouncer (Debian 12's 1.18) such a
    // query could go unanswered for good: the request hung (e2e/scale-out.spec.ts, a pool of 1).
    // Here a query waits in the pool's queue for a free connection instead.
    ...(pooled ? { prepare: false, max_pipeline: 0 } : {}),
  };
  return options;
}

async function openPostgres(url: string): Promise<Handle> {
  const sql = postgres(postgresOptions(url));
  const db = drizzlePg(sql, { schema, casing: "snake_case" });
  // LISTEN holds one connection of its own (postgres.js opens it beside the pool and listens
  // again after a reconnect), shared by every channel. It needs a session, which a
  // transaction-mode pooler does not give: there it goes to DATABASE_DIRECT_URL, and without
  // one listen() fails (the live status polls, webhooks wait for the scheduler's pass).
  let listener: postgres.Sql | null = null;
  const listenerSql = () => {
    if (listener) return listener;
    const direct = directUrl();
    if (!direct) throw new Error("LISTEN cannot work through a transaction-mode pooler (DATABASE_URL has pgbouncer=true): set DATABASE_DIRECT_URL");
    listener = direct === url ? sql : postgres({ ...postgresOptions(direct), max: 1 });
    return listener;
  };
  return {
    db,
    kind: "postgres",
    close: async () => {
      if (listener && listener !== sql) await listener.end({ timeout: 5 });
      await sql.end({ timeout: 5 });
    },
    listen: async (channel, onPayload, onListen) => {
      const meta = await listenerSql().listen(channel, onPayload, onListen);
      return () => meta.unlisten();
    },
  };
}

/**
 * PGlite is one process's database: two processes on one folder silently lose writes and
 * corrupt it. An exclusive lock file (holding our pid) turns that into a clear error.
 */
function acquirePgliteLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(/*turbopackIgnore: true*/ dir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(fs.readFileSync(lockFile, "utf8"));
      if (holder === process.pid) return () => {};
      if (!holder || !isAlive(holder)) {
        fs.unlinkSync(lockFile); // left by a process that died: take it over
        continue;
      }
      throw new Error(
        `The embedded database in ${dir} is in use by another Owo process (pid ${holder}). ` +
          "PGlite serves one process at a time: stop that process (e.g. `npm start`) first, " +
          "or run the app and the CLI against PostgreSQL by setting DATABASE_URL.",
      );
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function openPglite(): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  // Trigram indexes serve the lists' search (migration 0013 creates the extension).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const memory = process.env.OWO_PGLITE === "memory";
  const dir = path.join(/*turbopackIgnore: true*/ dataDir(), "pglite");
  const release = memory ? () => {} : acquirePgliteLock(dataDir());
  const client = memory ? new PGlite({ extensions: { pg_trgm } }) : new PGlite(dir, { extensions: { pg_trgm } });
  await client.waitReady;
  // Both drivers expose the same Drizzle query builder; the Postgres type is the common one.
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    close: async () => {
      await client.close();
      release();
    },
    listen: async (channel, onPayload, onListen) => {
      const unlisten = await client.listen(channel, onPayload);
      onListen?.();
      return unlisten;
    },
  };
}

function open(): Promise<Handle> {
  const url = process.env.DATABASE_URL;
  return url ? openPostgres(url) : openPglite();
}

export function getHandle(): Promise<Handle> {
  globalForDb.__owoDb ??= open().catch((err) => {
    globalForDb.__owoDb = undefined;
    throw err;
  });
  return globalForDb.__owoDb;
}

export async function getDb(): Promise<Db> {
  return (await getHandle()).db;
}

export async function closeDb(): Promise<void> {
  const handle = globalForDb.__owoDb;
  globalForDb.__owoDb = undefined;
  if (handle) await (await handle).close();
}

/** Raw SQL rows from either driver (postgres.js answers an array, PGlite `{ rows }`). */
export async function queryRows<T>(tx: DbOrTx, query: import("drizzle-orm").SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

type RawClient = {
  unsafe?: (text: string, params: unknown[], opts: { prepare: boolean }) => Promise<unknown[]>;
  query?: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
};

/**
 * Rows of a hand-written statement with `$n` parameters, on the connection (or transaction)
 * given, as a server-side prepared statement on postgres.js: the text is parsed and planned
 * once per connection, not per request (Drizzle sends its queries unprepared). For the hot
 * paths only. Through a pooler (`?pgbouncer=true`) the pool's `prepare: false` wins: unnamed. Pass parameters as strings or null and cast them in the text (`$1::text::bigint`):
 * both drivers then send them verbatim.
 */
export async function preparedRows<T>(tx: DbOrTx, text: string, params: (string | null)[]): Promise<T[]> {
  const holder = tx as unknown as { session?: { client?: RawClient }; $client?: RawClient };
  const client = holder.session?.client ?? holder.$client;
  if (client?.unsafe) return (await client.unsafe(text, params, { prepare: true })) as T[];
  if (client?.query) return (await client.query(text, params)).rows as T[];
  throw new Error("preparedRows: no database client behind this handle");
}

type ReservingClient = {
  unsafe: (text: string, params: (string | null)[], opts: { prepare: boolean }) => PromiseLike<unknown[]>;
  reserve?: () => Promise<ReservingClient & { release: () => void }>;
};

/**
 * Statements sent back to back on ONE connection without waiting in between (postgres.js
 * writes both at once: one round trip), each its own transaction; on PGlite, one after the
 * other. Answers each one's outcome, in order.
 */
export async function pipelined(db: DbOrTx, statements: { text: string; params: (string | null)[] }[]): Promise<PromiseSettledResult<unknown[]>[]> {
  const client = (db as unknown as { $client?: ReservingClient }).$client;
  if (client?.reserve) {
    const connection = await client.reserve();
    try {
      return await Promise.allSettled(statements.map((s) => connection.unsafe(s.text, s.params, { prepare: true })));
    } finally {
      connection.release();
    }
  }
  const out: PromiseSettledResult<unknown[]>[] = [];
  for (const s of statements)
    out.push(
      await preparedRows<unknown>(db, s.text, s.params).then(
        (value) => ({ status: "fulfilled" as const, value }),
        (reason: unknown) => ({ status: "rejected" as const, reason }),
      ),
    );
  return out;
}
