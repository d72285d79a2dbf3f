import { afterAll } from "vitest";
import { closeDb } from "@/db/client";
import { flushRequestLogs } from "@/lib/observability/request-log-buffer";

afterAll(async () => {
  // /v1 calls leave API request log rows buffered: written before the database closes.
  await flushRequestLogs();
  await closeDb();
});
