import { createTestDatabase, postgresReachable } from "./test-database";

/**
 * A fresh PostgreSQL database per run, created from the committed migrations. Only when no
 * Postgres is reachable do the tests fall back to in-memory PGlite (one per test file).
 */
export default async function setup() {
  if (!(await postgresReachable())) {
    console.warn("[tests] PostgreSQL not reachable: falling back to in-memory PGlite");
    process.env.OWO_PGLITE = "memory";
    delete process.env.DATABASE_URL;
    return;
  }
  const db = await createTestDatabase("owo_test");
  process.env.DATABASE_URL = db.url;
  const { migrateDb } = await import("../db/migrate");
  const { closeDb } = await import("../db/client");
  await migrateDb();
  await closeDb();
  return async () => {
    if (!process.env.KEEP_TEST_DB) await db.drop();
  };
}
