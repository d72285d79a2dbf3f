import { afterAll } from "vitest";
import { closeDb } from "@/db/client";
import { flushRequestLogs } from "@/lib/observability/request-log-buffer";
import { workerDatabase } from "./test-database";

// Each worker runs on a copy of the run's migrated database (tests/global-setup.ts): files
// running at the same time never see each other's rows.
const globalState = globalThis as { owoWorkerDatabase?: { template: string; url: string } };
const template = process.env.OWO_TEST_TEMPLATE_URL ?? process.env.DATABASE_URL;
if (template && process.env.VITEST_POOL_ID) {
  process.env.OWO_TEST_TEMPLATE_URL = template;
  if (globalState.owoWorkerDatabase?.template !== template) {
    globalState.owoWorkerDatabase = { template, url: await workerDatabase(template, process.env.VITEST_POOL_ID) };
  }
  process.env.DATABASE_URL = globalState.owoWorkerDatabase.url;
}

afterAll(async () => {
  // /v1 calls leave API request log rows buffered: written before the database closes.
  await flushRequestLogs();
  await closeDb();
});
