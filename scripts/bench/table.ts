// The tables of the report, and the machine the figures were measured on.
import fs from "node:fs";
import os from "node:os";
import type { LoadResult } from "./load";

export type Row = {
  scenario: string;
  target: string;
  ours: LoadResult;
  floor: LoadResult | null;
  /** A stricter floor reported beside the first, when the target names one. */
  strict?: LoadResult | null;
};

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
const ms = (n: number) => (n < 10 ? n.toFixed(1) : int(n));
const cores = (n: number | undefined) => (n === undefined ? "–" : n.toFixed(2));

function table(header: string[], rows: string[][]): string {
  const align = header.map((_, i) => (i < 2 ? ":--" : "--:"));
  return [header, align, ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

export function resultsTable(rows: Row[]): string {
  return table(
    ["scenario", "connections", "req/s (2xx)", "p50 ms", "p99 ms", "errors", "floor req/s", "floor p50 / p99 ms", "ours / floor", "ours / strict floor"],
    rows.map(({ target, ours, floor, strict }) => [
      target,
      String(ours.connections),
      int(ours.rps),
      ms(ours.p50),
      ms(ours.p99),
      int(ours.errors),
      floor ? int(floor.rps) : "–",
      floor ? `${ms(floor.p50)} / ${ms(floor.p99)}` : "–",
      floor && floor.rps > 0 ? `${Math.round((ours.rps / floor.rps) * 100)}%` : "–",
      strict && strict.rps > 0 ? `${Math.round((ours.rps / strict.rps) * 100)}% of ${int(strict.rps)}` : "–",
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
    ["run", "connections", "req/s", "next server", "postgres", "autocannon", "other", "machine busy", "backends busy / waiting on a lock"],
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
