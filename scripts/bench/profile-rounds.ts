// npx tsx scripts/bench/profile-rounds.ts [--rounds 4] [--duration 5] [--connections 10] [--port 3200]
//                                        [--only transfer,initialize,verify] [--profile-dir DIR]
// The hot targets (PayID transfer, session initialize, session verify) beside their floors,
// alternated for several short rounds on one server, each run reduced to what a busy machine
// distorts least: CPU per answer (the server's Node process and the bench database's
// Postgres backends, from /proc) and req/s as a share of the floor measured just before it.
// For working on the hot paths on a shared machine; `npm run bench` stays the measure of record.
// With --profile-dir, one more run of each target with the server's CPU profiled (kept there).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createFixtures } from "./fixtures";
import { FLOORS } from "./floors";
import { runLoad, type LoadRequest, type LoadResult } from "./load";
import { appServerPid, startBenchServer } from "./server";
import { sessions } from "./scenarios/sessions";
import { transfers } from "./scenarios/transfers";
import type { ScenarioContext } from "./scenarios/scenario";
import { summarizeProfile } from "./profile";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "4" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    port: { type: "string", default: process.env.BENCH_PORT ?? "3200" },
    only: { type: "string" },
    "profile-dir": { type: "string" },
  },
});
const log = (line: string) => process.stderr.write(`${line}\n`);
const rounds = Number(args.rounds);
const durationSeconds = Number(args.duration);
const connections = Number(args.connections);
const profileDir = args["profile-dir"] ? path.resolve(args["profile-dir"]) : undefined;
if (profileDir) fs.mkdirSync(profileDir, { recursive: true });

type Pair = { name: string; floor: { label: string; request: LoadRequest }; target: { label: string; request: LoadRequest } };

async function main() {
  let stop: (() => Promise<void>) | null = null;
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void (stop?.() ?? Promise.resolve()).finally(() => process.exit(130)));
  const server = await startBenchServer({
    port: Number(args.port),
    host: "127.0.0.1",
    startTimeoutMs: 900_000,
    log,
    onCleanup: (s) => (stop = s),
    cpuProfDir: profileDir,
  });
  try {
    const runTag = `prof-${Date.now().toString(36)}`;
    const fixtures = await createFixtures({ baseUrl: server.url, databaseUrl: server.databaseUrl, fundKobo: 200_000_000_000 });
    const ctx: ScenarioContext = { baseUrl: server.url, databaseUrl: server.databaseUrl, fixtures, runTag, rows: 0, quick: true, log };
    await sessions.prepare!(ctx);
    const t = [...transfers.targets!(ctx), ...sessions.targets!(ctx)];
    const byLabel = (label: string) => t.find((x) => x.label === label)!;
    const statement = { label: FLOORS.write_statement.label, request: FLOORS.write_statement.request(runTag) };
    const read = { label: FLOORS.read.label, request: FLOORS.read.request(runTag) };
    const pairs: Pair[] = [
      { name: "transfer", floor: statement, target: byLabel("transfer payid") },
      { name: "initialize", floor: statement, target: byLabel("session initialize") },
      { name: "verify", floor: read, target: byLabel("session verify") },
    ].filter((p) => !args.only || args.only.split(",").includes(p.name));
    const observe = { serverPgid: server.pgid, databaseUrl: server.databaseUrl };
    // Warm-up: every target once, briefly.
    for (const p of pairs) for (const x of [p.floor, p.target]) await runLoad({ baseUrl: server.url, ...x.request, connections, durationSeconds: 2 });

    const results = new Map<string, { ratio: number[]; ours: LoadResult[]; floor: LoadResult[] }>();
    for (let r = 0; r < rounds; r++) {
      for (const p of pairs) {
        const floor = await runLoad({ baseUrl: server.url, ...p.floor.request, connections, durationSeconds, observe });
        const ours = await runLoad({ baseUrl: server.url, ...p.target.request, connections, durationSeconds, observe });
        const entry = results.get(p.name) ?? { ratio: [], ours: [], floor: [] };
        entry.ratio.push(ours.rps / floor.rps);
        entry.ours.push(ours);
        entry.floor.push(floor);
        results.set(p.name, entry);
        log(`round ${r + 1} ${p.name}: ${line(ours)} | floor ${line(floor)} | ratio ${(ours.rps / floor.rps).toFixed(2)} | load ${loadavg()}`);
      }
    }
    for (const [name, e] of results) {
      log(
        `${name}: ratio median ${median(e.ratio).toFixed(2)} [${e.ratio.map((x) => x.toFixed(2)).join(" ")}]; ` +
          `ours ${perAnswer(e.ours)}; floor ${perAnswer(e.floor)}`,
      );
    }
    if (profileDir) {
      const pid = appServerPid(server.pgid);
      let n = 0;
      for (const p of pairs) {
        process.kill(pid!, "SIGUSR2");
        const res = await runLoad({ baseUrl: server.url, ...p.target.request, connections, durationSeconds });
        process.kill(pid!, "SIGUSR2");
        const file = path.join(profileDir, `${++n}.cpuprofile`);
        for (let i = 0; i < 100 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
        fs.renameSync(file, path.join(profileDir, `${p.name}.cpuprofile`));
        fs.writeFileSync(path.join(profileDir, `${p.name}.requests`), String(res.total));
        const s = summarizeProfile(path.join(profileDir, `${p.name}.cpuprofile`), p.name, res.total);
        log(`profile ${p.name}: ${s?.busyMsPerRequest.toFixed(2)} ms busy per answer`);
      }
    }
  } finally {
    await server.stop();
  }
}

const loadavg = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0];
const line = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s node ${ms(r.cpu?.server, r.rps)} pg ${ms(r.cpu?.postgres, r.rps)} other ${r.cpu?.other.toFixed(2)}${r.errors ? ` errors ${r.errors}` : ""}`;
const ms = (cores: number | undefined, rps: number) => (cores === undefined ? "?" : `${((cores / rps) * 1000).toFixed(2)}ms`);
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}
const perAnswer = (rs: LoadResult[]) =>
  `node ${median(rs.map((r) => (r.cpu!.server / r.rps) * 1000)).toFixed(2)} ms, pg ${median(rs.map((r) => (r.cpu!.postgres / r.rps) * 1000)).toFixed(2)} ms per answer, ${median(rs.map((r) => r.rps)).toFixed(0)} req/s`;

main().then(
  () => process.exit(0),
  (err: unknown) => {
    log(`failed: ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(1);
  },
);
