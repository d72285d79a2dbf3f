// The benchmark's pure parts (scripts/bench): the results table, goals, percentiles and the
// report file's kept sections. No timing here: figures are made up, only the formatting and
// the judging rules are checked.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GOALS, goalsTable, judgeGoals } from "../scripts/bench/goals";
import { composeReport, writeReport } from "../scripts/bench/report";
import { settlementRow, writeSettlementReport, type SettlementBenchResult } from "../scripts/bench/settlement";
import { figure, percentile, ratioGoal, resultsTable, type Machine } from "../scripts/bench/table";

const machine: Machine = { cores: 2, cpuModel: "Test CPU", ramGiB: 4, node: "v20", postgres: "PostgreSQL 15", next: "16", date: "2026-01-01T00:00:00Z" };
const load = (rps: number, p50 = 10, p99 = 20) => figure({ connections: 10, rate: rps, p50, p99 });

describe("bench table", () => {
  it("a row shows ours and the floor with their units, the ratio, the target and whether it was met", () => {
    const ours = load(70);
    const floor = load(100);
    const table = resultsTable([
      { scenario: "lists", target: "events list, page 1", ours, floor, goal: ratioGoal(0.6, ours, floor) },
      {
        scenario: "webhooks",
        target: "webhook delivery",
        ours: load(30),
        floor: load(1000),
        unit: "deliveries/s",
        floorUnit: "POSTs/s",
        goal: { text: "p99 ≤ 1,000 ms", met: false },
      },
    ]);
    const [header, , first, second] = table.split("\n");
    expect(header).toContain("| scenario | concurrency | ours |");
    expect(header).toContain("| target | met? |");
    expect(first).toBe("| events list, page 1 | 10 | 70 req/s | 10 | 20 | 0 | 100 req/s | 10 / 20 | 70% | – | ≥ 60% of floor | yes |");
    expect(second).toContain("30 deliveries/s");
    expect(second).toContain("1,000 POSTs/s");
    expect(second).toContain("| 3% |");
    expect(second).toMatch(/\| \*\*no\*\* \|$/);
  });

  it("a ratio goal is met at or above its share of the floor, and cannot be judged without a floor", () => {
    expect(ratioGoal(0.7, load(70), load(100)).met).toBe(true);
    expect(ratioGoal(0.7, load(69), load(100)).met).toBe(false);
    expect(ratioGoal(0.7, load(69), null).met).toBeNull();
    expect(ratioGoal(0.7, load(69), null).text).toBe("≥ 70% of floor");
  });

  it("a figure without latencies shows dashes, not NaN", () => {
    const table = resultsTable([{ scenario: "settlement", target: "settlement", ours: figure({ connections: 1, rate: 12_000 }), floor: null }]);
    expect(table).not.toContain("NaN");
    expect(table.split("\n")[2]).toBe("| settlement | 1 | 12,000 req/s | – | – | 0 | – | – | – | – | – | – |");
  });

  it("percentile is nearest-rank over unsorted values, NaN for none", () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 0.5)).toBe(5);
    expect(percentile(values, 0.99)).toBe(10);
    expect(percentile([42], 0.99)).toBe(42);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it("the settlement row is payments per second beside the floor's, met only within the time target with the audit ok", () => {
    // Issue 17's target: 100,000 payments in ≤ 2 s.
    const result: SettlementBenchResult = {
      payments: 100_000,
      merchants: 10,
      seedSeconds: 20,
      runSeconds: 1.6,
      floorSeconds: 1.25,
      result: { batched: 100_000, paid_out: 2, wallet_credit: 8, failed: 0 },
      bankPayoutsSent: 2,
      auditOk: true,
    };
    const row = settlementRow(result);
    expect(row.ours.rps).toBe(62_500);
    expect(row.floor!.rps).toBe(80_000);
    expect(row.goal!.met).toBe(true);
    expect(settlementRow({ ...result, runSeconds: 2.1 }).goal!.met).toBe(false);
    expect(settlementRow({ ...result, auditOk: false }).goal!.met).toBe(false);
  });

  it("the report says when the machine was busy or the run was a smoke run", () => {
    const base = { machine, durationSeconds: 3, warmupSeconds: 0, floors: [], scenarios: [], rows: [], runs: [] };
    expect(composeReport({ ...base, loadAverage: 3.5 })).toContain("**busy**");
    expect(composeReport({ ...base, loadAverage: 0.5 })).not.toContain("**busy**");
    expect(composeReport({ ...base, loadAverage: 0.5, quick: true })).toContain("--quick");
  });

  it("every goal of issue 17 is listed: met, not met from the row's figures, or not run when no row measured it", () => {
    const rows = [
      { scenario: "lists", target: "transfers, first page", ours: load(500, 8, 40), floor: null },
      { scenario: "lists", target: "events, first page", ours: load(500, 25, 40), floor: null },
      { scenario: "sessions", target: "session initialize", goalId: "initialize", ours: load(70), floor: load(60), strict: load(100) },
      { scenario: "sessions", target: "session initialize", goalId: "initialize", ours: { ...load(10), connections: 50 }, floor: load(60), strict: load(100) },
    ];
    const results = judgeGoals(rows);
    expect(results).toHaveLength(GOALS.length);
    const status = (id: string) => results.find((r) => r.goal.id === id)!.status;
    expect(status("list-first-page:transfers")).toBe("met");
    expect(status("list-first-page:events")).toBe("not met");
    expect(status("list-first-page:invoices")).toBe("not run");
    expect(status("initialize")).toBe("met"); // 70% of the strict floor at 10 connections; the 50-connection row is not judged
    expect(status("settlement")).toBe("not run");
    expect(goalsTable(results)).toContain("| **not run** |");
  });

  it("rewriting BENCHMARKS.md keeps the notes after the marker and replaces only the settlement section", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-report-")), "BENCHMARKS.md");
    fs.writeFileSync(file, "old figures\n<!-- bench:notes -->\nmy reading\n<!-- bench:settlement -->\nold run\n<!-- /bench:settlement -->\nafter\n");
    writeReport(file, "new figures\n");
    writeSettlementReport(file, "<!-- bench:settlement -->\nnew run\n<!-- /bench:settlement -->\n");
    const text = fs.readFileSync(file, "utf8");
    expect(text.startsWith("new figures\n")).toBe(true);
    expect(text).toContain("my reading");
    expect(text).toContain("new run");
    expect(text).not.toContain("old run");
    expect(text).not.toContain("old figures");
    expect(text).toContain("after");
  });
});
