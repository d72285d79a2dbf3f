// BENCHMARKS.md: what was measured, on what, the figures, and where the time went. The file
// is rewritten on every run down to a `<!-- bench:notes -->` line; what follows that line
// (a person's reading of the figures) is kept.
import fs from "node:fs";
import { goalsTable, type GoalResult } from "./goals";
import type { LoadResult } from "./load";
import { profileSection, type ProfileSummary } from "./profile";
import type { Scenario } from "./scenarios/scenario";
import { cpuTable, errorNotes, machineLines, noisyRuns, resultsTable, type Machine, type Row } from "./table";

const NOTES_MARKER = "<!-- bench:notes -->";

export function composeReport(input: {
  machine: Machine;
  durationSeconds: number;
  warmupSeconds: number;
  floors: string[];
  scenarios: Scenario[];
  rows: Row[];
  runs: { label: string; result: LoadResult }[];
  /** The 1-minute load average when the run began: above the core count, the machine was busy. */
  loadAverage: number;
  quick?: boolean;
  /** The server's CPU profiles of the hot targets (`--cpu-prof`). */
  profiles?: ProfileSummary[];
  /** Every goal of issue 17, judged from `rows`. */
  goals?: GoalResult[];
  /** The whole run, build and seeding included. */
  runSeconds?: number;
}): string {
  const errors = errorNotes(input.runs);
  const noisy = noisyRuns(input.runs);
  // A quiet run starts below 1 (issue 17): anything else shares the 2 cores with the figures.
  const busy = input.loadAverage >= 1;
  const minutes = input.runSeconds !== undefined ? `${Math.floor(input.runSeconds / 60)} min ${Math.round(input.runSeconds % 60)} s` : null;
  // Transactions per answer of each measured run at the first connection level, for the profile section.
  const transactions = new Map<string, number | null>();
  for (const { label, result } of input.runs) {
    if (transactions.has(label)) continue;
    const t = result.waits?.transactions;
    transactions.set(label, t !== undefined && Number.isFinite(t) && result.total > 0 ? t / result.total : null);
  }
  return [
    "# Benchmarks",
    "",
    "Written by `npm run bench` (scripts/bench/): the app under `next start` (production build) on a",
    "fresh PostgreSQL database, the in-process scheduler off, loaded with autocannon from the same",
    `machine, ${input.durationSeconds} s per run after a ${input.warmupSeconds} s warm-up. The floor is measured in the same run`,
    `against the same server: ${input.floors.join("; ")}. req/s counts 2xx answers only;`,
    "latency is over every answer.",
    "",
    ...(input.quick ? ["**A `--quick` smoke run**: short runs on few rows; not figures to compare.", ""] : []),
    "## Machine",
    "",
    ...machineLines(input.machine),
    `- Load average when the run began: ${input.loadAverage.toFixed(2)}${busy ? " (**busy**: 1 or more, not a quiet run; other work shared the machine, figures are low)" : " (quiet: below 1)"}`,
    ...(minutes ? [`- The whole run took ${minutes} (build, seeding, every scenario and the settlement run)`] : []),
    "",
    ...(input.goals?.length ? ["## Goals (issue 17)", "", goalsTable(input.goals), ""] : []),
    "## Results",
    "",
    ...input.scenarios.map((s) => `- **${s.name}**: ${s.description}.`),
    "",
    resultsTable(input.rows),
    "",
    ...(errors.length ? ["Errors:", "", ...errors, ""] : []),
    ...(noisy.length ? ["**The machine was not quiet**: these runs shared it with other work, so their figures are low:", "", ...noisy, ""] : []),
    ...(input.runs.length ? cpuSection(input.runs) : []),
    ...profileSection(input.profiles ?? [], transactions),
  ].join("\n");
}

function cpuSection(runs: { label: string; result: LoadResult }[]): string[] {
  return [
    "## Where the time went",
    "",
    "CPU in cores (1.00 = one core busy for the whole run), shared by the Next.js server (its process",
    "group), Postgres (this database's backends and the server's own processes), autocannon, and",
    "other processes (plus kernel time charged to none). The last column samples pg_stat_activity",
    "every 100 ms: the database's backends inside a statement or transaction, and those of them",
    "waiting on a lock (a hot row). Node runs our code on one core, so a server near 1.00 is",
    "CPU-bound; one well below it while backends wait on locks is bound by contention. Database",
    "transactions per answer: the bench database's commits and rollbacks (pg_stat_database) during the",
    "run per answer, the sampler's own left out; approximate: after-commit work still running from the",
    "previous run (bank transfers' sandbox outcomes, webhook attempts) lands in the next run's count.",
    "",
    cpuTable(runs),
    "",
  ];
}

/** Writes the report, keeping the notes section of the file it replaces. */
export function writeReport(file: string, report: string): void {
  let notes = "";
  try {
    const previous = fs.readFileSync(file, "utf8");
    const at = previous.indexOf(NOTES_MARKER);
    if (at >= 0) notes = `\n${previous.slice(at)}`;
  } catch {
    /* first run */
  }
  fs.writeFileSync(file, report + notes);
}
