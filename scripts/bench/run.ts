// npm run bench – start the app (`next start`, production build) on a fresh PostgreSQL
// database, load each scenario with autocannon next to a bare floor measured against the
// same server, print a markdown table and write it to BENCHMARKS.md. The server is stopped
// and the database dropped at the end, on failure and on Ctrl-C.
//
//   npm run bench -- [--duration 10] [--connections 10,50] [--warmup 2] [--port 3200]
//                    [--scenario transfers] [--no-write]
//   npm run bench -- --scenario settlement [--payments 100000] [--merchants 10]
//     the timed settlement run (scripts/bench/settlement.ts): no server, its own database;
//     a full run (no --scenario) ends with it.
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { createFixtures } from "./fixtures";
import { FLOORS, type FloorName } from "./floors";
import { runLoad, type LoadRequest, type LoadResult } from "./load";
import { SCENARIOS } from "./scenarios";
import type { ScenarioContext } from "./scenarios/scenario";
import { logTail, startBenchServer, type BenchServer } from "./server";
import { composeReport, writeReport } from "./report";
import { describeMachine, type Row } from "./table";

const log = (line: string) => process.stderr.write(`${line}\n`);
function usageError(message: string): never {
  log(`npm run bench: ${message}`);
  process.exit(2);
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        duration: { type: "string", default: "10" },
        connections: { type: "string", default: "10,50" },
        warmup: { type: "string", default: "2" },
        port: { type: "string", default: process.env.BENCH_PORT ?? "3200" },
        scenario: { type: "string", multiple: true },
        "no-write": { type: "boolean", default: false },
        payments: { type: "string", default: "100000" },
        merchants: { type: "string", default: "10" },
        help: { type: "boolean", default: false },
      },
    }).values;
  } catch (err) {
    usageError((err as Error).message);
  }
}

const args = parseOptions();
const durationSeconds = Number(args.duration);
const warmupSeconds = Number(args.warmup);
const connectionLevels = args.connections.split(",").map(Number);
if (!(durationSeconds > 0) || !(warmupSeconds >= 0)) usageError("--duration must be > 0 and --warmup >= 0 (seconds)");
if (!connectionLevels.every((c) => Number.isInteger(c) && c > 0)) usageError("--connections takes positive integers, e.g. 10,50");
if (args.help) {
  log(
    "npm run bench -- [--duration 10] [--connections 10,50] [--warmup 2] [--port 3200] [--scenario NAME]... [--no-write]\n" +
      `  scenarios: ${[...SCENARIOS.map((s) => s.name), "settlement"].join(", ")} (default: all)\n` +
      "  --scenario settlement [--payments 100000] [--merchants 10]: the timed settlement run alone (no server)",
  );
  process.exit(0);
}
const unknown = (args.scenario ?? []).filter((name) => name !== "settlement" && !SCENARIOS.some((s) => s.name === name));
if (unknown.length) usageError(`no such scenario: ${unknown.join(", ")} (have ${[...SCENARIOS.map((s) => s.name), "settlement"].join(", ")})`);
const scenarios = args.scenario ? SCENARIOS.filter((s) => args.scenario!.includes(s.name)) : SCENARIOS;
const withSettlement = !args.scenario || args.scenario.includes("settlement");
const settlementPayments = Number(args.payments);
const settlementMerchants = Number(args.merchants);
if (!(Number.isInteger(settlementPayments) && settlementPayments > 0 && Number.isInteger(settlementMerchants) && settlementMerchants > 0)) {
  usageError("--payments and --merchants take positive integers");
}

/** The timed settlement run (its own database), reported in its own section of BENCHMARKS.md. */
async function settlementBench(): Promise<void> {
  const { runSettlementBench, settlementReport, writeSettlementReport } = await import("./settlement");
  log(`[${elapsed()}] settlement: ${settlementPayments} pending payments, one run…`);
  const section = settlementReport(await runSettlementBench({ payments: settlementPayments, merchants: settlementMerchants, log }));
  process.stdout.write(`\n${section}`);
  if (!args["no-write"]) writeSettlementReport("BENCHMARKS.md", section);
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
    headers: { ...(request.body ? { "content-type": "application/json" } : {}), ...request.headers },
    body: request.body ? JSON.stringify(request.body()) : undefined,
  });
  if (!res.ok) throw new Error(`${label}: ${request.method} ${request.path} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
}

type Job = { label: string; scenario: string; request: LoadRequest; floor: FloorName | null; strictFloor?: FloorName };

async function main() {
  if (scenarios.length === 0) {
    if (withSettlement) await settlementBench();
    return;
  }
  const require = createRequire(import.meta.url);
  const nextVersion = (require("next/package.json") as { version: string }).version;

  log(`Starting the app on a fresh database (builds first if the sources changed)…`);
  const server: BenchServer = await startBenchServer({
    port: Number(args.port),
    host: "127.0.0.1",
    startTimeoutMs: 150_000,
    log,
    onCleanup: (stop) => (cleanup = stop),
  });
  try {
    log(`[${elapsed()}] server up at ${server.url}; creating the bench merchants and keys…`);
    const runTag = `bench-${Date.now().toString(36)}`;
    const fixtures = await createFixtures({ baseUrl: server.url, databaseUrl: server.databaseUrl, fundKobo: 200_000_000_000 });
    const ctx: ScenarioContext = { baseUrl: server.url, databaseUrl: server.databaseUrl, fixtures, runTag };

    const jobs: Job[] = [];
    const floorsNeeded = new Set<FloorName>();
    for (const scenario of scenarios) {
      await scenario.prepare?.(ctx);
      for (const target of scenario.targets(ctx)) {
        jobs.push({ label: target.label, scenario: scenario.name, request: target.request, floor: target.floor, strictFloor: target.strictFloor });
        if (target.floor) floorsNeeded.add(target.floor);
        if (target.strictFloor) floorsNeeded.add(target.strictFloor);
      }
    }
    const floorJobs = new Map([...floorsNeeded].map((name) => [name, { label: FLOORS[name].label, request: FLOORS[name].request(runTag) }]));
    const everything = [...floorJobs.values(), ...jobs];
    const observe = { serverPgid: server.pgid, databaseUrl: server.databaseUrl };

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
    for (const connections of connectionLevels) {
      const floorResults = new Map<FloorName, LoadResult>();
      for (const [name, job] of floorJobs) {
        log(`[${elapsed()}] ${job.label}, ${connections} connections, ${durationSeconds} s…`);
        const result = await runLoad({ baseUrl: server.url, ...job.request, connections, durationSeconds, observe });
        floorResults.set(name, result);
        runs.push({ label: job.label, result });
        await new Promise((r) => setTimeout(r, 500));
      }
      for (const job of jobs) {
        log(`[${elapsed()}] ${job.label}, ${connections} connections, ${durationSeconds} s…`);
        const result = await runLoad({ baseUrl: server.url, ...job.request, connections, durationSeconds, observe });
        rows.push({
          scenario: job.scenario,
          target: job.label,
          ours: result,
          floor: job.floor ? floorResults.get(job.floor)! : null,
          strict: job.strictFloor ? floorResults.get(job.strictFloor)! : null,
        });
        runs.push({ label: job.label, result });
        // Let after-commit work (webhook attempts) finish before the next run.
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    rows.sort((a, b) => jobs.findIndex((j) => j.label === a.target) - jobs.findIndex((j) => j.label === b.target) || a.ours.connections - b.ours.connections);

    const machine = describeMachine({ postgres: await postgresVersion(server.databaseUrl), next: nextVersion });
    const report = composeReport({
      machine,
      durationSeconds,
      warmupSeconds,
      floors: [...floorJobs.keys()].map((name) => FLOORS[name].description),
      scenarios,
      rows,
      runs,
    });

    process.stdout.write(`\n${report}`);
    if (!args["no-write"]) {
      writeReport("BENCHMARKS.md", report);
      log(`\nWrote BENCHMARKS.md (${elapsed()} in all).`);
    }
    if (withSettlement) await settlementBench();
  } catch (err) {
    log(`\nThe server's last log lines:\n${logTail(server.logFile)}`);
    throw err;
  } finally {
    log("Stopping the server and dropping the bench database…");
    await server.stop();
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
