// The folder graph of lib/ and its cycles (issue 16: "the domain folders form no cycle").
// Each folder of lib/ is a node (a file at the root of lib/, like money.ts, is a node of its
// own); an edge A → B means a non-test file in A imports a file in B, by `@/lib/...` or by a
// relative path (static, `import type`, `export ... from` and dynamic `import()` alike).
// A cycle is a strongly connected set of two or more nodes.
//
//   npx tsx scripts/folder-cycles.ts [repo root]   prints the cycles; exit 1 when there is one
//
// tests/folder-cycles.test.ts runs it on the real lib/ and on a fixture with a cycle.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

/** from folder → to folder → the files (relative to lib/) whose imports make that edge. */
export type FolderGraph = Map<string, Map<string, string[]>>;

export interface CycleEdge {
  from: string;
  to: string;
  files: string[];
}

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /\.test\.(ts|tsx|mts|cts)$/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out.sort();
}

/** The node a path under lib/ belongs to: its first folder, or the root file's own name. */
function nodeOf(libDir: string, file: string): string {
  const parts = path.relative(libDir, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(SOURCE, "");
}

/** The import specifiers of one file (static, type-only, re-exports, dynamic import()). */
function importSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

export function folderGraph(libDir: string): FolderGraph {
  const lib = path.resolve(libDir);
  const root = path.dirname(lib);
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(lib)) {
    const from = nodeOf(lib, file);
    for (const spec of importSpecifiers(fs.readFileSync(file, "utf8"))) {
      let target: string;
      if (spec.startsWith("@/")) target = path.join(root, spec.slice(2));
      else if (spec.startsWith(".")) target = path.resolve(path.dirname(file), spec);
      else continue;
      if (!target.startsWith(lib + path.sep)) continue;
      const to = nodeOf(lib, target);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      const files = edges.get(to) ?? [];
      edges.set(to, files);
      const rel = path.relative(lib, file).split(path.sep).join("/");
      if (!files.includes(rel)) files.push(rel);
    }
  }
  return graph;
}

/** Strongly connected sets of two or more folders (Tarjan), each sorted, largest first. */
export function folderCycles(graph: FolderGraph): string[][] {
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((m) => [...m.keys()])])].sort();
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of [...(graph.get(v)?.keys() ?? [])].sort()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const set: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1) cycles.push(set.sort());
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return cycles.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** The edges that stay inside one cycle, with the files that make them. */
export function cycleEdges(graph: FolderGraph, cycle: string[]): CycleEdge[] {
  const inside = new Set(cycle);
  const out: CycleEdge[] = [];
  for (const from of cycle) {
    for (const [to, files] of [...(graph.get(from) ?? [])].sort(([a], [b]) => a.localeCompare(b))) {
      if (inside.has(to)) out.push({ from, to, files: [...files].sort() });
    }
  }
  return out;
}

/** Human-readable report of the cycles of one lib/ folder ("" when there is none). */
export function describeCycles(libDir: string): string {
  const graph = folderGraph(libDir);
  const lines: string[] = [];
  for (const cycle of folderCycles(graph)) {
    lines.push(`cycle of ${cycle.length} folders: ${cycle.join(", ")}`);
    for (const e of cycleEdges(graph, cycle)) lines.push(`  ${e.from} -> ${e.to}: ${e.files.join(", ")}`);
  }
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
  const report = describeCycles(path.join(root, "lib"));
  if (report) {
    console.log(report);
    process.exit(1);
  }
  console.log("lib/: no folder cycle");
}
