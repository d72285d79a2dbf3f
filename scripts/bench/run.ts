// npm run bench – start the app (`next start`, production build) on a fresh PostgreSQL
// database, load each scenario with autocannon next to a bare floor measured against the
// same server, print a markdown table and write it to BENCHMARKS.md. The server is stopped
// and the database dropped at the end, on failure and on Ctrl-C.
//
//   npm run bench -- [--duration 10] [--connections 10,50] [--warmup 2] [--port 3200]
//                    [--scenario NAME]... [--rows 1000000] [--payments 100000] [--merchants 10] [--lines 1000000]
//                    [--quick] [--no-write] [--no-profile]
//   Scenarios: transfers, sessions, lists (1,000,000 rows, `--rows`), webhooks, settlement, reconciliation (scripts/bench/reconciliation.ts, `--lines`).
//   settlement is the timed settlement run (scripts/bench/settlement.ts): no server, its own
//   database, after the server is stopped. Every scenario's rows land in ONE table.
//   --quick: a smoke run (3 s per run, no warm-up, the first connection level, 20,000 list
//   rows, 10,000 payments) unless those options are given; never written to BENCHMARKS.md.
//   Each target marked `profile` runs once more with the server's CPU profiled (V8, SIGUSR2 to
//   scripts/bench/profile-hook.mjs): the report's "where the server's time goes"; --no-profile skips it.
//   BENCH_KEEP_PROFILES=1 keeps the .cpuprofile files (the folder is printed) for a closer look.
//   The report ends with every goal of issue 17 (scripts/bench/goals.ts): met, not met or not run.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { benchHeaders } from "./bench-secret";
import { createFixtures } from "./fixtures";
import { FLOORS, type FloorName } from "./floors";
import { runLoad, type LoadRequest, type LoadResult } from "./load";
import { SCENARIOS } from "./scenarios";
import type { OwnFloor, Scenario, ScenarioContext } from "./scenarios/scenario";
import { appServerPid, BENCH_DEPLOYMENT_SECRETS, logTail, startBenchServer, type BenchServer } from "./server";
import { composeReport, writeReport } from "./report";
import { goalsSummary, judgeGoals } from "./goals";
import { summarizeProfile, type ProfileSummary } from "./profile";
import { describeMachine, ratioGoal, type Row } from "./table";
import { createTestDatabase } from "../../tests/test-database";

/** The settlement run's line in the report's list of scenarios (it runs without the server). */
const SETTLEMENT_SCENARIO: Scenario = {
  name: "settlement",
  description:
    "Settlement: 100,000 static-account payments (`--payments`) pending for 10 merchants, seeded set-based with their money in the ledger, then ONE `runSettlement` " +
    "(cutoff, batches, payouts) on a database of its own with the server stopped; floor: the same rows batched by one bare INSERT … SELECT … GROUP BY + UPDATE, rolled back",
};

/** The reconciliation run's line (no server either). */
const RECONCILIATION_SCENARIO: Scenario = {
  name: "reconciliation",
  description:
    "Reconciliation: a ledger of 1,000,000 payments at a rail for one day (`--lines`) and that day's statement as a 1,000,000-line CSV, reconciled by ONE `reconcileDay` " +
    "(the file streamed into lines, peak memory sampled; set-based matching; totals) on a database of its own; floor: the same match as one bare UPDATE … FROM join, rolled back",
};

const log = (line: string) => process.stderr.write(`${line}\n`);
function usageError(message: string): never {
  log(`npm run bench: ${message}`);
  process.exit(2);
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        duration: { type: "string" },
        connections: { type: "string" },
        warmup: { type: "string" },
        port: { type: "string", default: process.env.BENCH_PORT ?? "3200" },
        scenario: { type: "string", multiple: true },
        "no-write": { type: "boolean", default: false },
        payments: { type: "string" },
        merchants: { type: "string", default: "10" },
        rows: { type: "string" },
        lines: { type: "string" },
        quick: { type: "boolean", default: false },
        "no-profile": { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }).values;
  } catch (err) {
    usageError((err as Error).message);
  }
}

const args = parseOptions();
// What runs in this process (the settlement run, opening the server's webhook secrets) shares
// the server's secrets.
Object.assign(process.env, BENCH_DEPLOYMENT_SECRETS);
const quick = args.quick;
const durationSeconds = Number(args.duration ?? (quick ? 3 : 10));
const warmupSeconds = Number(args.warmup ?? (quick ? 0 : 2));
const connectionLevels = (args.connections ?? (quick ? "10" : "10,50")).split(",").map(Number);
const listRows = Number(args.rows ?? (quick ? 20_000 : 1_000_000));
const noWrite = args["no-write"] || quick;
const profiling = !args["no-profile"];
if (!(durationSeconds > 0) || !(warmupSeconds >= 0)) usageError("--duration must be > 0 and --warmup >= 0 (seconds)");
if (!connectionLevels.every((c) => Number.isInteger(c) && c > 0)) usageError("--connections takes positive integers, e.g. 10,50");
if (args.help) {
  log(
    "npm run bench -- [--duration 10] [--connections 10,50] [--warmup 2] [--port 3200] [--scenario NAME]... [--no-write]\n" +
      "                 [--rows 1000000] [--payments 100000] [--merchants 10] [--quick] [--no-profile]\n" +
      `  scenarios: ${[...SCENARIOS.map((s) => s.name), "settlement", "reconciliation"].join(", ")} (default: all)\n` +
      "  --rows: rows of one merchant the lists scenario seeds; --payments/--merchants: the settlement run (no server); --lines: the reconciliation run (no server)\n" +
      "  --quick: a short smoke run, not written to BENCHMARKS.md",
  );
  process.exit(0);
}
const OWN_DATABASE = ["settlement", "reconciliation"];
const unknown = (args.scenario ?? []).filter((name) => !OWN_DATABASE.includes(name) && !SCENARIOS.some((s) => s.name === name));
if (unknown.length) usageError(`no such scenario: ${unknown.join(", ")} (have ${[...SCENARIOS.map((s) => s.name), ...OWN_DATABASE].join(", ")})`);
const scenarios = args.scenario ? SCENARIOS.filter((s) => args.scenario!.includes(s.name)) : SCENARIOS;
const withSettlement = !args.scenario || args.scenario.includes("settlement");
const withReconciliation = !args.scenario || args.scenario.includes("reconciliation");
const reconciliationLines = Number(args.lines ?? (quick ? 100_000 : 1_000_000));
if (!(Number.isInteger(reconciliationLines) && reconciliationLines > 0)) usageError("--lines takes a positive integer");
const settlementPayments = Number(args.payments ?? (quick ? 10_000 : 100_000));
const settlementMerchants = Number(args.merchants);
if (!(Number.isInteger(settlementPayments) && settlementPayments > 0 && Number.isInteger(settlementMerchants) && settlementMerchants > 0)) {
  usageError("--payments and --merchants take positive integers");
}
if (!(Number.isInteger(listRows) && listRows > 0)) usageError("--rows takes a positive integer");

/** The timed settlement run (its own database): its row of the table, and its own section of BENCHMARKS.md. */
async function settlementBench(): Promise<{ row: Row; section: string }> {
  const { runSettlementBench, settlementReport, settlementRow } = await import("./settlement");
  log(`[${elapsed()}] settlement: ${settlementPayments} pending payments, one run…`);
  const result = await runSettlementBench({ payments: settlementPayments, merchants: settlementMerchants, log });
  return { row: settlementRow(result), section: settlementReport(result) };
}

/** The timed reconciliation run (its own database): its row of the table. */
async function reconciliationBench(): Promise<Row> {
  const { runReconciliationBench, reconciliationRow } = await import("./reconciliation");
  log(`[${elapsed()}] reconciliation: ${reconciliationLines} lines against as many ledger entries…`);
  return reconciliationRow(await runReconciliationBench({ lines: reconciliationLines, log }));
}

const started = performance.now();
const elapsed = () => `${Math.round((performance.now() - started) / 1000)}s`;

let cleanup: (() => Promise<void>) | null = null;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    log(`\n${signal}: stopping the server and dropping the bench database…`);
    void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

/** The Postgres version when no server ran (settlement alone): asked of a scratch database. */
async function localPostgresVersion(): Promise<string> {
  const database = await createTestDatabase("owo_bench");
  try {
    return await postgresVersion(database.url);
  } finally {
    await database.drop();
  }
}

async function postgresVersion(databaseUrl: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ server_version: string }[]>`show server_version`;
    return `PostgreSQL ${row!.server_version.split(" ")[0]}`;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** One request by hand before any load: a target that cannot answer 2xx stops the run here. */
async function smoke(baseUrl: string, label: string, request: LoadRequest): Promise<void> {
  const res = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: { ...(request.body ? { "content-type": "application/json" } : {}), ...benchHeaders(request.path), ...request.headers },
    body: request.body ? JSON.stringify(request.body()) : undefined,
  });
  if (!res.ok) throw new Error(`${label}: ${request.method} ${request.path} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
}

type Job = {
  label: string;
  scenario: string;
  request: LoadRequest;
  floor: FloorName | null;
  ownFloor: OwnFloor | null;
  strictFloor?: FloorName;
  target?: number;
  targetConnections?: number;
  targetAgainstStrict?: boolean;
  goalId?: string;
  profile?: boolean;
  firstLevelOnly?: boolean;
};

type ServerPhase = { rows: Row[]; runs: { label: string; result: LoadResult }[]; floors: string[]; postgres: string; profiles: ProfileSummary[] };

/** Waits for the profile hook to write its file (it renames it into place once whole). */
async function profileFile(file: string): Promise<string | null> {
  for (let i = 0; i < 100; i++) {
    if (fs.existsSync(file)) return file;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** Everything measured against the app server: autocannon targets beside their floors, then the self-measured scenarios. */
async function serverPhase(): Promise<ServerPhase> {
  log(`Starting the app on a fresh database (builds first if the sources changed)…`);
  const cpuProfDir = profiling ? fs.mkdtempSync(path.join(os.tmpdir(), "owo-bench-prof-")) : undefined;
  const server: BenchServer = await startBenchServer({
    cpuProfDir,
    port: Number(args.port),
    host: "127.0.0.1",
    startTimeoutMs: 600_000, // the build included, on a busy machine
    log,
    onCleanup: (stop) => (cleanup = stop),
  });
  try {
    log(`[${elapsed()}] server up at ${server.url}; creating the bench merchants and keys…`);
    const runTag = `bench-${Date.now().toString(36)}`;
    const fixtures = await createFixtures({ baseUrl: server.url, databaseUrl: server.databaseUrl, fundKobo: 200_000_000_000 });
    const ctx: ScenarioContext = { baseUrl: server.url, databaseUrl: server.databaseUrl, fixtures, runTag, rows: listRows, quick, log };

    const jobs: Job[] = [];
    const floorsNeeded = new Set<FloorName>();
    for (const scenario of scenarios) {
      await scenario.prepare?.(ctx);
      for (const target of scenario.targets?.(ctx) ?? []) {
        const shared = typeof target.floor === "string" ? target.floor : null;
        const own = target.floor && typeof target.floor === "object" ? target.floor : null;
        jobs.push({
          label: target.label,
          scenario: scenario.name,
          request: target.request,
          floor: shared,
          ownFloor: own,
          strictFloor: target.strictFloor,
          target: target.target,
          targetConnections: target.targetConnections,
          targetAgainstStrict: target.targetAgainstStrict,
          goalId: target.goalId,
          profile: target.profile,
          firstLevelOnly: target.firstLevelOnly,
        });
        if (shared) floorsNeeded.add(shared);
        if (target.strictFloor) floorsNeeded.add(target.strictFloor);
      }
    }
    const floorJobs = new Map([...floorsNeeded].map((name) => [name, { label: FLOORS[name].label, request: FLOORS[name].request(runTag) }]));
    const ownFloors = jobs.flatMap((j) => (j.ownFloor ? [j.ownFloor] : []));
    const everything = [...floorJobs.values(), ...ownFloors, ...jobs];
    const observe = { serverPgid: server.pgid, databaseUrl: server.databaseUrl };

    // What the load runs alone will take (seeding, webhook drains and settlement come on top).
    const loadRuns = connectionLevels.reduce(
      (n, _c, i) => n + floorJobs.size + jobs.filter((j) => !j.firstLevelOnly || i === 0).reduce((m, j) => m + (j.ownFloor ? 2 : 1), 0),
      0,
    );
    const profileRuns = cpuProfDir ? jobs.filter((j) => j.profile).length : 0;
    const plannedSeconds = (loadRuns + profileRuns) * (durationSeconds + 1.5) + everything.length * warmupSeconds;
    log(`[${elapsed()}] ${loadRuns} load runs + ${profileRuns} profiled, ${everything.length} warm-ups: about ${Math.ceil(plannedSeconds / 60)} min of load`);
    for (const job of everything) await smoke(server.url, job.label, job.request);
    if (warmupSeconds > 0) {
      log(`[${elapsed()}] warming up (${warmupSeconds} s per target)…`);
      for (const job of everything) {
        await runLoad({ baseUrl: server.url, ...job.request, connections: connectionLevels[0]!, durationSeconds: warmupSeconds });
      }
    }

    // Interleaved per connection level, so each figure sits next in time to its floor.
    const rows: Row[] = [];
    const runs: { label: string; result: LoadResult }[] = [];
    const load = async (label: string, request: LoadRequest, connections: number) => {
      log(`[${elapsed()}] ${label}, ${connections} connections, ${durationSeconds} s…`);
      const result = await runLoad({ baseUrl: server.url, ...request, connections, durationSeconds, observe });
      runs.push({ label, result });
      return result;
    };
    for (const connections of connectionLevels) {
      const floorResults = new Map<FloorName, LoadResult>();
      for (const [name, job] of floorJobs) {
        floorResults.set(name, await load(job.label, job.request, connections));
        await new Promise((r) => setTimeout(r, 500));
      }
      for (const job of jobs) {
        if (job.firstLevelOnly && connections !== connectionLevels[0]) continue;
        const own = job.ownFloor ? await load(job.ownFloor.label, job.ownFloor.request, connections) : null;
        const result = await load(job.label, job.request, connections);
        const floor = own ?? (job.floor ? floorResults.get(job.floor)! : null);
        const judged = job.target !== undefined && (job.targetConnections === undefined || job.targetConnections === connections);
        const strict = job.strictFloor ? floorResults.get(job.strictFloor)! : null;
        rows.push({
          scenario: job.scenario,
          target: job.label,
          ...(job.goalId ? { goalId: job.goalId } : {}),
          ours: result,
          floor,
          strict,
          ...(judged ? { goal: job.targetAgainstStrict ? ratioGoal(job.target!, result, strict, "strict floor") : ratioGoal(job.target!, result, floor) } : {}),
        });
        // Let after-commit work (webhook attempts) finish before the next run.
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    rows.sort((a, b) => jobs.findIndex((j) => j.label === a.target) - jobs.findIndex((j) => j.label === b.target) || a.ours.connections - b.ours.connections);

    // Profiled runs (not the measured ones: sampling costs a little): one per hot target.
    const profiles: ProfileSummary[] = [];
    let profileCount = 0;
    const appPid = cpuProfDir ? appServerPid(server.pgid) : null;
    if (cpuProfDir && !appPid) log("(no scripts/serve.ts process found: no profiles)");
    const profile = async (label: string, run: () => Promise<number>) => {
      if (!appPid) return;
      log(`[${elapsed()}] profiling the server: ${label}…`);
      process.kill(appPid, "SIGUSR2");
      const requests = await run();
      process.kill(appPid, "SIGUSR2");
      const file = await profileFile(path.join(cpuProfDir!, `${++profileCount}.cpuprofile`));
      const summary = file ? summarizeProfile(file, label, requests) : null;
      if (summary) profiles.push(summary);
      else log(`  (no profile written for ${label})`);
    };
    for (const job of appPid ? jobs.filter((j) => j.profile) : []) {
      const connections = connectionLevels[0]!;
      await profile(job.label, async () => {
        const result = await runLoad({ baseUrl: server.url, ...job.request, connections, durationSeconds });
        return result.total;
      });
    }

    for (const scenario of scenarios) {
      if (!scenario.measure) continue;
      try {
        rows.push(...(await scenario.measure(ctx, { connections: connectionLevels, durationSeconds, observe, profile })));
      } finally {
        await scenario.finish?.();
      }
    }
    const floors = [
      ...[...floorJobs.keys()].map((name) => FLOORS[name].description),
      ...(ownFloors.length ? ["each list target's own floor, GET /api/bench/list: the same page query and count(*) as bare prepared statements"] : []),
    ];
    return { rows, runs, floors, postgres: await postgresVersion(server.databaseUrl), profiles };
  } catch (err) {
    log(`\nThe server's last log lines:\n${logTail(server.logFile)}`);
    throw err;
  } finally {
    for (const scenario of scenarios) await scenario.finish?.().catch(() => {});
    log("Stopping the server and dropping the bench database…");
    await server.stop();
    if (cpuProfDir && !process.env.BENCH_KEEP_PROFILES) fs.rmSync(cpuProfDir, { recursive: true, force: true });
    else if (cpuProfDir) log(`profiles kept in ${cpuProfDir}`);
  }
}

async function main() {
  const require = createRequire(import.meta.url);
  const nextVersion = (require("next/package.json") as { version: string }).version;
  const loadAverage = os.loadavg()[0]!;
  if (loadAverage >= 1) log(`WARNING: load average ${loadAverage.toFixed(2)} at the start (≥ 1): the machine is not quiet, figures will be low and noisy.`);
  const phase: ServerPhase = scenarios.length ? await serverPhase() : { rows: [], runs: [], floors: [], postgres: "", profiles: [] };
  const settlement = withSettlement ? await settlementBench() : null;
  const reconciliation = withReconciliation ? await reconciliationBench() : null;
  const rows = [...phase.rows, ...(settlement ? [settlement.row] : []), ...(reconciliation ? [reconciliation] : [])];

  const machine = describeMachine({ postgres: phase.postgres || (await localPostgresVersion()), next: nextVersion });
  const report = composeReport({
    machine,
    durationSeconds,
    warmupSeconds,
    floors: phase.floors,
    scenarios: [...scenarios, ...(settlement ? [SETTLEMENT_SCENARIO] : []), ...(reconciliation ? [RECONCILIATION_SCENARIO] : [])],
    rows,
    runs: phase.runs,
    loadAverage,
    quick,
    profiles: phase.profiles,
    goals: judgeGoals(rows),
    runSeconds: (performance.now() - started) / 1000,
  });
  process.stdout.write(`\n${report}`);
  if (settlement) process.stdout.write(`\n${settlement.section}`);
  process.stdout.write(`\n${goalsSummary(judgeGoals(rows))}\n`);
  if (!noWrite) {
    writeReport("BENCHMARKS.md", report);
    if (settlement) {
      const { writeSettlementReport } = await import("./settlement");
      writeSettlementReport("BENCHMARKS.md", settlement.section);
    }
    log(`\nWrote BENCHMARKS.md (${elapsed()} in all).`);
  }
}

main().then(
  () => process.exit(0),
  async (err: unknown) => {
    log(`npm run bench failed: ${err instanceof Error ? err.message : String(err)}`);
    await cleanup?.().catch(() => {});
    process.exit(1);
  },
);
