// The tables of the report, and the machine the figures were measured on.
import fs from "node:fs";
import os from "node:os";
import type { LoadResult } from "./load";

export type Row = {
  scenario: string;
  target: string;
  /** The issue-17 goal this row measures (scripts/bench/goals.ts); else it is matched by its label. */
  goalId?: string;
  ours: LoadResult;
  floor: LoadResult | null;
  /** A stricter floor reported beside the first, when the target names one. */
  strict?: LoadResult | null;
  /** What ours.rps counts (default "req/s"), and the floor's. */
  unit?: string;
  floorUnit?: string;
  /** Appended to the rates, e.g. a job's run time: " (7.8 s)". */
  oursNote?: string;
  floorNote?: string;
  /** The target and whether this run met it; met is null when it could not be judged. */
  goal?: { text: string; met: boolean | null };
};

/** A goal on ours / floor: "≥ 60% of floor", met when the ratio reaches it. */
export function ratioGoal(minRatio: number, ours: LoadResult, floor: LoadResult | null, floorName = "floor"): { text: string; met: boolean | null } {
  return { text: `≥ ${Math.round(minRatio * 100)}% of ${floorName}`, met: floor && floor.rps > 0 ? ours.rps / floor.rps >= minRatio : null };
}

/** The q-quantile (0.5, 0.99) of some values, nearest-rank; NaN for none. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** A figure measured outside autocannon, in the shape the tables take. */
export function figure(input: {
  connections: number;
  rate: number;
  p50?: number;
  p99?: number;
  errors?: number;
  total?: number;
  durationSeconds?: number;
}): LoadResult {
  return {
    connections: input.connections,
    durationSeconds: input.durationSeconds ?? 0,
    rps: input.rate,
    p50: input.p50 ?? Number.NaN,
    p99: input.p99 ?? Number.NaN,
    errors: input.errors ?? 0,
    total: input.total ?? 0,
    statusCodes: {},
    cpu: null,
    waits: null,
  };
}

export type Machine = {
  cores: number;
  cpuModel: string;
  ramGiB: number;
  node: string;
  postgres: string;
  next: string;
  date: string;
};

export function describeMachine(extra: { postgres: string; next: string }): Machine {
  let cpuModel = os.cpus()[0]?.model ?? "unknown";
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? cpuModel;
  } catch {
    /* not Linux: os.cpus() it is */
  }
  return {
    cores: os.availableParallelism(),
    cpuModel,
    ramGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    postgres: extra.postgres,
    next: extra.next,
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
  };
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const ms = (n: number) => (Number.isNaN(n) ? "–" : n < 10 ? n.toFixed(1) : int(n));
const cores = (n: number | undefined) => (n === undefined ? "–" : n.toFixed(2));

function table(header: string[], rows: string[][]): string {
  const align = header.map((_, i) => (i < 2 ? ":--" : "--:"));
  return [header, align, ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

export function resultsTable(rows: Row[]): string {
  return table(
    ["scenario", "concurrency", "ours", "p50 ms", "p99 ms", "errors", "floor", "floor p50 / p99 ms", "ours / floor", "ours / strict floor", "target", "met?"],
    rows.map(({ target, ours, floor, strict, unit = "req/s", floorUnit, oursNote = "", floorNote = "", goal }) => [
      target,
      String(ours.connections),
      `${int(ours.rps)} ${unit}${oursNote}`,
      ms(ours.p50),
      ms(ours.p99),
      int(ours.errors),
      floor ? `${int(floor.rps)} ${floorUnit ?? unit}${floorNote}` : "–",
      floor ? `${ms(floor.p50)} / ${ms(floor.p99)}` : "–",
      floor && floor.rps > 0 ? `${Math.round((ours.rps / floor.rps) * 100)}%` : "–",
      strict && strict.rps > 0 ? `${Math.round((ours.rps / strict.rps) * 100)}% of ${int(strict.rps)}` : "–",
      goal?.text ?? "–",
      goal ? (goal.met === null ? "–" : goal.met ? "yes" : "**no**") : "–",
    ]),
  );
}

/**
 * Where the time went in each run: CPU in cores (1.00 = one core busy for the whole run) and
 * the bench database's backends waiting on locks. A server below one core while backends
 * queue on locks is contention-bound, not CPU-bound (Node runs our code on one core).
 */
export function cpuTable(runs: { label: string; result: LoadResult }[]): string {
  return table(
    [
      "run",
      "connections",
      "req/s",
      "next server",
      "postgres",
      "autocannon",
      "other",
      "machine busy",
      "backends busy / waiting on a lock",
      "db transactions / answer",
    ],
    runs.map(({ label, result }) => [
      label,
      String(result.connections),
      int(result.rps),
      cores(result.cpu?.server),
      cores(result.cpu?.postgres),
      cores(result.cpu?.bench),
      cores(result.cpu?.other),
      result.cpu ? `${cores(result.cpu.machine)} of ${result.cpu.cores}` : "–",
      result.waits ? `${result.waits.inTransaction.toFixed(1)} / ${result.waits.lockWaiting.toFixed(1)}` : "–",
      result.waits && Number.isFinite(result.waits.transactions) && result.total > 0 ? (result.waits.transactions / result.total).toFixed(2) : "–",
    ]),
  );
}

/** Runs during which other processes took a noticeable share of the machine: their figures are low. */
export function noisyRuns(runs: { label: string; result: LoadResult }[], threshold = 0.25): string[] {
  return runs
    .filter(({ result }) => (result.cpu?.other ?? 0) > threshold)
    .map(({ label, result }) => `- ${label} at ${result.connections} connections: other processes used ${cores(result.cpu!.other)} cores`);
}

export function errorNotes(runs: { label: string; result: LoadResult }[]): string[] {
  return runs
    .filter(({ result }) => result.errors > 0)
    .map(({ label, result }) => {
      const codes = Object.entries(result.statusCodes)
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, count]) => `${count}× ${code}`);
      const socket = result.errors - codes.reduce((a, c) => a + Number(c.split("×")[0]), 0);
      return `- ${label} at ${result.connections} connections: ${[...codes, ...(socket > 0 ? [`${socket} connection errors/timeouts`] : [])].join(", ")}`;
    });
}

export function machineLines(m: Machine): string[] {
  return [
    `- CPU: ${m.cores} × ${m.cpuModel} (nproc ${m.cores}), shared by the server, Postgres and autocannon`,
    `- RAM: ${m.ramGiB} GiB`,
    `- Node ${m.node}, Next.js ${m.next} (\`next start\`, production build), ${m.postgres}`,
    `- Date: ${m.date}`,
  ];
}
