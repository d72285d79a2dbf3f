import { buildCliBundle } from "./cli-bundle";
import { createTestDatabase, dropWorkerDatabases, postgresReachable, TEST_SERVER } from "./test-database";

/**
 * A fresh PostgreSQL database per run, created from the committed migrations: the template
 * each vitest worker copies into a database of its own (tests/setup.ts, workerDatabase). The suite runs
 * on PostgreSQL only, as a deployment does: without a reachable server it stops here with what
 * to do, never quietly on another database.
 */
export default async function setup() {
  // Each vitest project (vitest.config.ts: shared, isolated) calls this; one database serves both.
  if (process.env.OWO_TEST_DATABASE_READY === "1") return;
  if (!(await postgresReachable())) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_SERVER.replace(/\/\/[^@/]*@/, "//")}: the tests need a real server. ` +
        "Run `npm test` (it starts the local cluster with pg_ctlcluster when it can), start PostgreSQL yourself, " +
        "or point TEST_DATABASE_SERVER at one (trust or password auth, a user that may create databases).",
    );
  }
  const db = await createTestDatabase("owo_test");
  process.env.DATABASE_URL = db.url;
  process.env.OWO_TEST_DATABASE_READY = "1";
  const { migrateDb } = await import("../db/migrate");
  const { closeDb } = await import("../db/client");
  await migrateDb();
  await closeDb();
  // The CLI tests' `owo` (tests/owo-cli.ts), built once for every worker.
  const cli = await buildCliBundle();
  process.env.OWO_CLI_BUNDLE = cli.file;
  return async () => {
    cli.remove();
    if (process.env.KEEP_TEST_DB) return;
    await dropWorkerDatabases(db.url);
    await db.drop();
  };
}
