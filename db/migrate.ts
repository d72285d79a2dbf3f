import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql as sqlText } from "drizzle-orm";
import { directUrl, getHandle, postgresOptions, type Db } from "./client";
import * as schema from "./schema";
import { sealStoredSecrets } from "./seal-secrets";

/** The committed drizzle-kit migrations, found from this file so any working directory works. */
export function migrationsFolder(): string {
  if (process.env.OWO_MIGRATIONS_DIR) return process.env.OWO_MIGRATIONS_DIR;
  const here =
    typeof import.meta.url === "string" && import.meta.url.startsWith("file:")
      ? path.join(/*turbopackIgnore: true*/ path.dirname(fileURLToPath(import.meta.url)), "migrations")
      : "";
  // Bundled (.next, or the CLI tests' bundle), this file's folder is not db/: the working directory's.
  return here && !here.includes(".next") && fs.existsSync(here) ? here : path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");
}

/** The advisory lock key migrating instances take turns on. */
const MIGRATION_LOCK = 727274;

/**
 * Applies every pending migration, then seals secrets still stored in clear (seal-secrets.ts: a
 * code step, since the key is in the environment); safe on every start and from several
 * instances at once. On PostgreSQL it runs on the direct connection (DATABASE_DIRECT_URL, else
 * DATABASE_URL) under a session advisory lock; when DATABASE_URL goes through a
 * transaction-mode pooler and no direct URL is given, it runs through the pooler in one
 * transaction under a transaction-scoped lock instead (a session lock would be held by whichever
 * server connection the pooler lent, and never released to the right one).
 */
export async function migrateDb(): Promise<void> {
  const migrationsDir = migrationsFolder();
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await getHandle();
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: migrationsDir });
    await sealStoredSecrets(handle.db);
    return;
  }
  const direct = directUrl();
  if (!direct) return migrateThroughPooler(url, migrationsDir);
  // One dedicated connection holds a session advisory lock, so two instances starting
  // together apply each migration (and the sealing step) once.
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // No statement timeout here: a migration may rewrite a large table, and waiting for another
  // instance's migration (the advisory lock) may take as long as that migration.
  const options = postgresOptions(direct);
  const sql = postgres({ ...options, max: 1, connection: { ...options.connection, statement_timeout: 0 } });
  try {
    await sql.unsafe(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await migrate(drizzle(sql), { migrationsFolder: migrationsDir });
    await sealStoredSecrets(drizzle(sql, { schema, casing: "snake_case" }) satisfies Db);
    await sql.unsafe(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * The migrations through a transaction-mode pooler: one transaction holds the pooler's server
 * connection from start to end, so a transaction-scoped advisory lock (released at commit or
 * rollback, on that same connection) orders instances starting together, and what drizzle's
 * migrator reads (the last migration applied) and writes happen inside it. Drizzle runs its
 * pending migrations in a transaction of its own; here that is this one.
 */
async function migrateThroughPooler(url: string, migrationsDir: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { readMigrationFiles } = await import("drizzle-orm/migrator");
  const sql = postgres({ ...postgresOptions(url), max: 1 });
  try {
    const db = drizzle(sql, { schema, casing: "snake_case" });
    const migrations = readMigrationFiles({ migrationsFolder: migrationsDir });
    await db.transaction(async (tx) => {
      await tx.execute(sqlText`set local statement_timeout = 0`);
      await tx.execute(sqlText.raw(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`));
      const inner = tx as unknown as { dialect: MigratingDialect; session: object };
      const session = Object.assign(Object.create(inner.session) as object, { transaction: (run: (t: unknown) => Promise<unknown>) => run(tx) });
      await inner.dialect.migrate(migrations, session, { migrationsFolder: migrationsDir });
    });
    // Idempotent and safe beside another instance's run (seal-secrets.ts): no lock needed.
    await sealStoredSecrets(db satisfies Db);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

type MigratingDialect = { migrate: (migrations: unknown, session: object, config: { migrationsFolder: string }) => Promise<void> };
