import path from "node:path";
import { fileURLToPath } from "node:url";
import { getHandle, postgresOptions, type Db } from "./client";
import * as schema from "./schema";
import { sealStoredSecrets } from "./seal-secrets";

/** The committed drizzle-kit migrations, found from this file so any working directory works. */
export function migrationsFolder(): string {
  if (process.env.OWO_MIGRATIONS_DIR) return process.env.OWO_MIGRATIONS_DIR;
  const here = typeof import.meta.url === "string" && import.meta.url.startsWith("file:")
    ? path.join(/*turbopackIgnore: true*/ path.dirname(fileURLToPath(import.meta.url)), "migrations")
    : "";
  return here && !here.includes(".next") ? here : path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");
}

/**
 * Applies every pending migration, then seals secrets still stored in clear (seal-secrets.ts: a
 * code step, since the key is in the environment); safe on every start and from several
 * instances at once.
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
  // One dedicated connection holds a session advisory lock, so two instances starting
  // together apply each migration (and the sealing step) once.
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // No statement timeout here: a migration may rewrite a large table, and waiting for another
  // instance's migration (the advisory lock) may take as long as that migration.
  const options = postgresOptions(url);
  const sql = postgres({ ...options, max: 1, connection: { ...options.connection, statement_timeout: 0 } });
  try {
    await sql`select pg_advisory_lock(727274)`;
    await migrate(drizzle(sql), { migrationsFolder: migrationsDir });
    await sealStoredSecrets(drizzle(sql, { schema, casing: "snake_case" }) satisfies Db);
    await sql`select pg_advisory_unlock(727274)`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
