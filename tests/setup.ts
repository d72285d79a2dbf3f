import { afterAll, beforeAll } from "vitest";
import { closeDb } from "@/db/client";
import { migrateDb } from "@/db/migrate";
import { flushRequestLogs } from "@/lib/observability/request-log-buffer";

// With the in-memory PGlite fallback each test file has its own database to migrate.
beforeAll(async () => {
  if (process.env.OWO_PGLITE === "memory") await migrateDb();
});

afterAll(async () => {
  // /v1 calls leave API request log rows buffered: written before the database closes.
  await flushRequestLogs();
  await closeDb();
});
