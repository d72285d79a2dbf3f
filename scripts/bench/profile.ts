// Where a load run's server time went, from a V8 CPU profile (scripts/bench/profile-hook.mjs):
// self time per function and per origin (our bundle, Next.js, React, the Postgres driver,
// Node's HTTP and fetch internals, GC), as a share of the server's busy (not idle) time.
import fs from "node:fs";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

export type ProfileSummary = {
  label: string;
  /** Wall time profiled and the share of it the server's main thread was busy. */
  seconds: number;
  busyShare: number;
  /** Answers during the profiled run, for per-request figures. */
  requests: number;
  /** Busy ms of the main thread per request. */
  busyMsPerRequest: number;
  /** Share of busy time, biggest first. */
  origins: { origin: string; share: number }[];
  top: { fn: string; where: string; origin: string; share: number }[];
};

/** Where a function comes from, by its script URL (bundled chunks are "app bundle"). */
export function originOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === "(garbage collector)") return "GC";
    if (functionName === "(program)") return "V8 (program)";
    // writeBuffer, writeUtf8String, writev (socket writes), runMicrotasks, …
    return "native (socket writes, microtasks)";
  }
  if (url.includes("/node_modules/postgres/")) return "postgres driver";
  if (url.includes("/node_modules/drizzle-orm/")) return "drizzle";
  if (url.includes("/node_modules/zod/")) return "zod";
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(url) || /react-server-dom|react-dom/.test(url)) return "react";
  if (url.includes("/node_modules/next/")) return "next.js";
  if (url.includes("/.next/server/")) return "app bundle (our code and bundled deps)";
  if (url.includes("/node_modules/")) return `other deps (${/\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? "?"})`;
  if (url.startsWith("node:internal/deps/undici")) return "undici (Request/Response/Headers)";
  if (
    url.startsWith("node:internal/http") ||
    url.startsWith("node:_http") ||
    url.startsWith("node:http") ||
    url === "node:net" ||
    url.startsWith("node:internal/stream")
  )
    return "node http/net/streams";
  if (url.startsWith("node:")) return "node (other)";
  if (url.includes("/scripts/")) return "server script";
  return "other";
}

function shortWhere(frame: CallFrame): string {
  const url = frame.url.replace(/^file:\/\//, "");
  const tail = url.includes("/node_modules/")
    ? url.slice(url.lastIndexOf("/node_modules/") + 14)
    : url.includes("/.next/")
      ? url.slice(url.indexOf("/.next/") + 1)
      : url;
  return tail ? `${tail}:${frame.lineNumber + 1}` : "";
}

export function summarizeProfile(file: string, label: string, requests: number, topN = 15): ProfileSummary | null {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile | null;
  if (!profile?.nodes?.length) return null;
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0; // the time until the next sample belongs to this one
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + dt);
  }
  const total = profile.endTime - profile.startTime;
  let idle = 0;
  const fns = new Map<string, { fn: string; where: string; origin: string; us: number }>();
  const origins = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!;
    if (frame.functionName === "(idle)" || frame.functionName === "(root)") {
      idle += us;
      continue;
    }
    const origin = originOf(frame);
    origins.set(origin, (origins.get(origin) ?? 0) + us);
    const where = shortWhere(frame);
    const key = `${frame.functionName}|${where}`;
    const entry = fns.get(key) ?? { fn: frame.functionName || "(anonymous)", where, origin, us: 0 };
    entry.us += us;
    fns.set(key, entry);
  }
  const busy = Math.max(1, total - idle);
  return {
    label,
    seconds: total / 1e6,
    busyShare: busy / Math.max(1, total),
    requests,
    busyMsPerRequest: requests > 0 ? busy / 1000 / requests : Number.NaN,
    origins: [...origins].map(([origin, us]) => ({ origin, share: us / busy })).sort((a, b) => b.share - a.share),
    top: [...fns.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, topN)
      .map(({ fn, where, origin, us }) => ({ fn, where, origin, share: us / busy })),
  };
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/** A report section: per profiled run, busy time per request, by origin and the top self-time functions. */
export function profileSection(summaries: ProfileSummary[], roundTrips: Map<string, number | null>): string[] {
  if (!summaries.length) return [];
  const lines = [
    "## Where the server's time goes (V8 CPU profile)",
    "",
    "Each hot target run once more at the first connection level with the server's main thread",
    "profiled (`--cpu-prof`, sampling every 0.5 ms; not the measured runs above). Shares are of the",
    "thread's busy time (idle excluded). Transactions per request: the bench database's commits and",
    "rollbacks during the measured run (pg_stat_database) per answer; a one-statement request is one.",
    "",
  ];
  for (const s of summaries) {
    const rt = roundTrips.get(s.label);
    lines.push(
      `### ${s.label}`,
      "",
      `Main thread busy ${pct(s.busyShare)} of ${s.seconds.toFixed(1)} s; ${s.busyMsPerRequest.toFixed(2)} ms of busy time per ${s.label.startsWith("webhook") ? "delivery (the request thread's: deliveries run on the delivery thread)" : "answer"}` +
        (rt != null ? `; ${rt.toFixed(2)} database transactions per answer` : "") +
        ".",
      "",
      `By origin: ${s.origins
        .filter((o) => o.share >= 0.01)
        .map((o) => `${o.origin} ${pct(o.share)}`)
        .join(", ")}.`,
      "",
      "| self time | function | where | origin |",
      "| --: | :-- | :-- | :-- |",
      ...s.top.map((t) => `| ${pct(t.share)} | \`${t.fn.replaceAll("|", "\\|")}\` | ${t.where.replaceAll("|", "\\|") || "–"} | ${t.origin} |`),
      "",
    );
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // npx tsx scripts/bench/profile.ts FILE.cpuprofile [requests]
  const summary = summarizeProfile(process.argv[2]!, process.argv[2]!, Number(process.argv[3] ?? 0), 30);
  process.stdout.write(`${profileSection(summary ? [summary] : [], new Map()).join("\n")}\n`);
}
