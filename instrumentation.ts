// Runs once when a server instance boots: an empty or older database is migrated before
// the first request is served (safe with several instances: the migrator takes a lock),
// then the in-process scheduler starts unless SCHEDULER=off.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { migrateDb } = await import("./db/migrate");
  await migrateDb();
  const { startInProcessScheduler } = await import("./lib/scheduler/in-process");
  startInProcessScheduler();
}
