// npm test – the machine's set-up (scripts/test-setup.ts: starts the local PostgreSQL, installs
// Debian's chromium), then lint, typecheck, vitest (rules and commands on real Postgres),
// Playwright (e2e in Chromium against next start). Runs every stage, then prints one closing line
// "Owo: N passed, N failed, N skipped" (tests counted; a failed lint/typecheck counts as one
// failure; a flaky e2e test, one that passed only on a retry, counts as failed and is named)
// and exits non-zero when anything failed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { prepareTestMachine } from "./test-setup";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "owo-test-"));
const vitestJson = path.join(tmp, "vitest.json");
const playwrightJson = path.join(tmp, "playwright.json");
const only = process.argv[2]; // optional: lint | typecheck | unit | e2e

type PlaywrightSuite = { file?: string; specs?: { title: string; tests?: { status: string }[] }[]; suites?: PlaywrightSuite[] };
type Stage = { name: string; cmd: string[]; env?: Record<string, string> };
const stages: Stage[] = [
  { name: "lint", cmd: ["npx", "eslint", ".", "--max-warnings", "0"] },
  { name: "typecheck", cmd: ["npx", "tsc", "--noEmit"] },
  { name: "unit", cmd: ["npx", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`] },
  { name: "e2e", cmd: ["npx", "playwright", "test", "--reporter=list,json"], env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson } },
];

await prepareTestMachine(only);

let passed = 0;
let failed = 0;
let skipped = 0;
const failedStages: string[] = [];

for (const stage of stages) {
  if (only && stage.name !== only) continue;
  console.log(`\n=== ${stage.name}: ${stage.cmd.join(" ")}`);
  const r = spawnSync(stage.cmd[0]!, stage.cmd.slice(1), { stdio: "inherit", env: { ...process.env, ...stage.env, NEXT_TELEMETRY_DISABLED: "1" } });
  const ok = r.status === 0;
  if (!ok) failedStages.push(stage.name);
  if (stage.name === "unit" && fs.existsSync(vitestJson)) {
    const j = JSON.parse(fs.readFileSync(vitestJson, "utf8"));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    skipped += j.numPendingTests + j.numTodoTests;
    if (!ok && j.numFailedTests === 0) failed += 1; // e.g. a failing setup or an unhandled error
  } else if (stage.name === "e2e" && fs.existsSync(playwrightJson)) {
    const report = JSON.parse(fs.readFileSync(playwrightJson, "utf8"));
    const s = report.stats;
    // A test that failed and then passed (flaky: only with retries on) is a failure here: a
    // green that needed a second try cannot be trusted.
    const flaky = flakyTitles(report);
    for (const title of flaky) console.log(`flaky (counted as failed): ${title}`);
    passed += s.expected;
    failed += s.unexpected + s.flaky;
    skipped += s.skipped;
    if (s.flaky > 0 && !failedStages.includes(stage.name)) failedStages.push(stage.name);
    if (!ok && s.unexpected === 0 && s.flaky === 0) failed += 1;
  } else if (!ok) {
    failed += 1;
  }
}

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

fs.rmSync(tmp, { recursive: true, force: true });
if (failedStages.length) console.log(`\nFailed stages: ${failedStages.join(", ")}`);
console.log(`\nOwo: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStages.length ? 1 : 0);
