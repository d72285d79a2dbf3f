// Runs once when a server instance boots: an empty or older database is migrated before
// the first request is served (safe with several instances: the migrator takes a lock),
// then the in-process scheduler starts unless SCHEDULER=off.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // Before the database: with DATABASE_URL every required secret must be set, else the server
  // exits with one message naming each missing one (a throw here would leave `next start`
  // running, unprepared); on the embedded trial they come from .data/. (The repeated runtime
  // check lets the Edge build drop this block.)
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { prepareRequiredEnv, RequiredEnvError } = await import("./lib/security/required-env");
    try {
      prepareRequiredEnv();
    } catch (err) {
      if (!(err instanceof RequiredEnvError)) throw err;
      console.error(err.message);
      process.exit(1);
    }
  }
  const { migrateDb } = await import("./db/migrate");
  await migrateDb();
  const { startInProcessScheduler } = await import("./lib/scheduler/in-process");
  startInProcessScheduler();
}
