// A connection of its own for watching lock waits (tests/lock-waits.ts) while a race test's
// transactions hold every connection of the app's pool (DATABASE_POOL_SIZE, default 10).
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { getDb, postgresOptions, type Db } from "@/db/client";
import * as schema from "@/db/schema";

let observer: { db: Db; end: () => Promise<void> } | undefined;

/** One extra connection to the test database (the pool's own Db when there is no URL). */
export async function lockObserver(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) return getDb();
  if (!observer) {
    const sql = postgres({ ...postgresOptions(url), max: 1 });
    observer = { db: drizzle(sql, { schema, casing: "snake_case" }), end: () => sql.end({ timeout: 5 }) };
  }
  return observer.db;
}

export async function closeLockObserver(): Promise<void> {
  await observer?.end();
  observer = undefined;
}
