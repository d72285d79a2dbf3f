import path from "node:path";
import { describe, expect, it } from "vitest";
import { cycleEdges, describeCycles, folderCycles, folderGraph } from "../scripts/folder-cycles";

// Issue 16: the folder graph of lib/ has no cycle. scripts/folder-cycles.ts builds the graph
// from every non-test import line; this proves it finds a deliberate cycle, then holds the
// real lib/ to none (the layering in ARCHITECTURE.md).

const repo = path.resolve(__dirname, "..");

describe("scripts/folder-cycles.ts", () => {
  it("reports the deliberate two-folder cycle of the fixture, with the files that make it", () => {
    const graph = folderGraph(path.join(repo, "tests/fixtures/folder-cycle/lib"));
    const cycles = folderCycles(graph);
    expect(cycles).toEqual([["alpha", "beta"]]);
    expect(cycleEdges(graph, cycles[0]!)).toEqual([
      { from: "alpha", to: "beta", files: ["alpha/pay.ts"] },
      { from: "beta", to: "alpha", files: ["beta/refund.ts"] },
    ]);
    // gamma → alpha is one way; the test file's beta → gamma is not an edge.
    expect(graph.get("gamma")?.get("alpha")).toEqual(["gamma/report.ts"]);
    expect(graph.get("beta")?.has("gamma")).toBe(false);
    expect(describeCycles(path.join(repo, "tests/fixtures/folder-cycle/lib"))).toContain("alpha -> beta: alpha/pay.ts");
  });

  it("finds no cycle among the folders of lib/", () => {
    expect(describeCycles(path.join(repo, "lib"))).toBe("");
  });
});
