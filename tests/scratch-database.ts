import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { Db } from "@/db/client";
import { postgresOptions } from "@/db/client";
import { migrationsFolder } from "@/db/migrate";
import * as schema from "@/db/schema";
import { createTestDatabase } from "./test-database";

/**
 * A database of the test's own, migrated, for checks that must break an invariant on purpose
 * (the shared run database must stay sound for every other test file).
 */
export async function withScratchDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const scratch = await createTestDatabase("owo_scratch");
  const sql = postgres({ ...postgresOptions(scratch.url), max: 4 });
  try {
    const db = drizzle(sql, { schema, casing: "snake_case" }) as unknown as Db;
    await migrate(db, { migrationsFolder: migrationsFolder() });
    return await fn(db);
  } finally {
    await sql.end({ timeout: 2 });
    await scratch.drop();
  }
}
