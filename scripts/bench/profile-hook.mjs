// Loaded into every Node process of the bench server through NODE_OPTIONS (`--import`) when
// `npm run bench -- --cpu-prof` asks for V8 CPU profiles (`--cpu-prof` itself is not allowed
// in NODE_OPTIONS). Only the app server (scripts/serve.ts) profiles: SIGUSR2 starts a profile,
// the next SIGUSR2 stops it and writes OWO_BENCH_CPU_PROF_DIR/<n>.cpuprofile (n = 1, 2, …),
// so the runner can profile exactly one load run at a time. Every other process of the
// server's group ignores SIGUSR2 (its default would end it).
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const dir = process.env.OWO_BENCH_CPU_PROF_DIR;
const isServer = /serve\.ts$/.test(process.argv[1] ?? "");

if (dir && !isServer) process.on("SIGUSR2", () => {});
if (dir && isServer) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  // 0.5 ms between samples: fine enough for per-request work of a few ms, cheap enough to run under load.
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  let running = false;
  let n = 0;
  process.on("SIGUSR2", () => {
    if (!running) {
      running = true;
      session.post("Profiler.start");
      return;
    }
    running = false;
    const file = path.join(dir, `${++n}.cpuprofile`);
    session.post("Profiler.stop", (err, result) => {
      fs.writeFileSync(`${file}.tmp`, err ? "null" : JSON.stringify(result.profile));
      fs.renameSync(`${file}.tmp`, file); // whole once it has this name: the runner waits for it
    });
  });
}
