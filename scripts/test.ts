// npm test – the machine's set-up (scripts/test-setup.ts: starts the local PostgreSQL, installs
// Debian's chromium-headless-shell), then every stage, side by side where they do not need each other:
//
//   1. lint, the formatter's check (Prettier), typecheck and the production build
//      (scripts/build-if-needed.ts) at once;
//   2. vitest (rules and commands on real Postgres, a database per worker);
//   3. Playwright (e2e in Chromium against `next start` of that one build), the specs split into
//      shards (OWO_E2E_SHARDS, default 2) run side by side, each with a server and a database of
//      its own (E2E_PORT 3100, 3101, …), balanced by the files' measured durations
//      (e2e/durations.json; a file not listed counts 20 s).
//
// Each stage's lines are prefixed with its name. Ends with one line "Owo: N passed, N failed,
// N skipped" (tests counted; a failed lint/typecheck/build counts as one failure; a flaky e2e
// test, one that passed only on a retry, counts as failed and is named) and exits non-zero when
// anything failed. `npm test -- unit` (or lint, format, typecheck, e2e) runs one stage.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { prepareTestMachine } from "./test-setup";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "owo-test-"));
const vitestJson = path.join(tmp, "vitest.json");
const only = process.argv[2]; // optional: lint | format | typecheck | unit | e2e
const SHARDS = Math.max(1, Number(process.env.OWO_E2E_SHARDS ?? 2));
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

type Stage = { name: string; cmd: string[]; env?: Record<string, string> };
type Outcome = { stage: Stage; ok: boolean; seconds: number };

let passed = 0;
let failed = 0;
let skipped = 0;
const failedStages: string[] = [];
const started = Date.now();

/** Runs a stage, its output line by line behind `[name]`. */
function run(stage: Stage): Promise<Outcome> {
  const t0 = Date.now();
  console.log(`[${stage.name}] $ ${stage.cmd.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(stage.cmd[0]!, stage.cmd.slice(1), {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...stage.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on("line", (line) => console.log(`[${stage.name}] ${line}`));
    child.on("close", (code) => {
      const seconds = Math.round((Date.now() - t0) / 1000);
      console.log(`[${stage.name}] ${code === 0 ? "done" : `FAILED (exit ${code})`} in ${seconds} s`);
      resolve({ stage, ok: code === 0, seconds });
    });
  });
}

const wanted = (name: string) => !only || only === name;

/** Spec files split into `n` shards, longest first onto the least loaded (durations in s). */
function e2eShards(n: number): string[][] {
  const durations = JSON.parse(fs.readFileSync(path.join("e2e", "durations.json"), "utf8")) as Record<string, number>;
  const files = fs.readdirSync("e2e").filter((f) => f.endsWith(".spec.ts"));
  const shards = Array.from({ length: n }, () => ({ files: [] as string[], load: 0 }));
  for (const file of files.sort((a, b) => (durations[b] ?? 20) - (durations[a] ?? 20) || a.localeCompare(b))) {
    const lightest = shards.reduce((min, s) => (s.load < min.load ? s : min));
    lightest.files.push(`e2e/${file}`);
    lightest.load += durations[file] ?? 20;
  }
  return shards.filter((s) => s.files.length).map((s) => s.files);
}

type PlaywrightSuite = { file?: string; specs?: { title: string; tests?: { status: string }[] }[]; suites?: PlaywrightSuite[] };

/** Titles of the tests Playwright's JSON report marks flaky ("file › title"). */
function flakyTitles(report: PlaywrightSuite): string[] {
  const out: string[] = [];
  const walk = (suite: PlaywrightSuite, file: string) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) if (t.status === "flaky") out.push(`${suite.file ?? file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  walk(report, "");
  return out;
}

function countUnit(outcome: Outcome) {
  if (!fs.existsSync(vitestJson)) return void (failed += 1);
  const j = JSON.parse(fs.readFileSync(vitestJson, "utf8"));
  passed += j.numPassedTests;
  failed += j.numFailedTests;
  skipped += j.numPendingTests + j.numTodoTests;
  if (!outcome.ok && j.numFailedTests === 0) failed += 1; // e.g. a failing setup or an unhandled error
}

function countE2e(outcome: Outcome, jsonFile: string) {
  if (!fs.existsSync(jsonFile)) return void (failed += 1);
  const report = JSON.parse(fs.readFileSync(jsonFile, "utf8"));
  const s = report.stats;
  // A test that failed and then passed (flaky: only with retries on) is a failure here: a
  // green that needed a second try cannot be trusted.
  for (const title of flakyTitles(report)) console.log(`flaky (counted as failed): ${title}`);
  passed += s.expected;
  failed += s.unexpected + s.flaky;
  skipped += s.skipped;
  if (s.flaky > 0 && outcome.ok) failedStages.push(outcome.stage.name);
  if (!outcome.ok && s.unexpected === 0 && s.flaky === 0) failed += 1;
}

function record(outcome: Outcome) {
  if (!outcome.ok) failedStages.push(outcome.stage.name);
}

await prepareTestMachine(only);

// 1. Checks and the build, side by side.
const first: Promise<Outcome>[] = [];
if (wanted("lint")) first.push(run({ name: "lint", cmd: ["npx", "eslint", ".", "--max-warnings", "0"] }));
if (wanted("format")) first.push(run({ name: "format", cmd: ["npx", "prettier", "--check", ".", "--log-level", "warn"] }));
if (wanted("typecheck")) first.push(run({ name: "typecheck", cmd: ["npx", "tsc", "--noEmit"] }));
if (wanted("e2e")) first.push(run({ name: "build", cmd: [process.execPath, "--import", "tsx", "scripts/build-if-needed.ts"] }));
for (const outcome of await Promise.all(first)) {
  record(outcome);
  if (!outcome.ok) failed += 1;
}

// 2. vitest, alone: its workers and the e2e shards would otherwise fight for the same cores.
if (wanted("unit")) {
  const outcome = await run({ name: "unit", cmd: ["npx", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`] });
  record(outcome);
  countUnit(outcome);
}

// 3. The e2e shards, side by side, on the one build (none when it failed).
if (wanted("e2e") && !failedStages.includes("build")) {
  const shards = e2eShards(SHARDS);
  await Promise.all(
    shards.map(async (files, i) => {
      const jsonFile = path.join(tmp, `playwright-${i + 1}.json`);
      const name = shards.length > 1 ? `e2e ${i + 1}/${shards.length}` : "e2e";
      const outcome = await run({
        name,
        cmd: ["npx", "playwright", "test", "--reporter=list,json", ...files],
        env: { E2E_PORT: String(FIRST_PORT + i), PLAYWRIGHT_JSON_OUTPUT_FILE: jsonFile, OWO_SKIP_BUILD: "1" },
      });
      record(outcome);
      countE2e(outcome, jsonFile);
    }),
  );
}

fs.rmSync(tmp, { recursive: true, force: true });
if (failedStages.length) console.log(`\nFailed stages: ${[...new Set(failedStages)].join(", ")}`);
console.log(`\nOwo: ${passed} passed, ${failed} failed, ${skipped} skipped (${Math.round((Date.now() - started) / 1000)} s)`);
process.exit(failedStages.length ? 1 : 0);
