import { afterAll, beforeAll } from "vitest";
import { closeDb } from "@/db/client";
import { migrateDb } from "@/db/migrate";

// With the in-memory PGlite fallback each test file has its own database to migrate.
beforeAll(async () => {
  if (process.env.OWO_PGLITE === "memory") await migrateDb();
});

afterAll(async () => {
  await closeDb();
});
