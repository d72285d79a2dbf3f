// Where the CPU went during a load run, from /proc (Linux): the app server's process group,
// Postgres (the bench database's backends and the server's own processes, not other
// databases' backends), this process (autocannon), and whatever else ran on the machine
// meanwhile. Answers "is the server CPU-bound?" next to each figure. Elsewhere than Linux
// it reports nothing.
import fs from "node:fs";
import os from "node:os";

const TICKS_PER_SECOND = 100; // USER_HZ on every Linux this runs on

type Sample = { at: number; server: number; postgres: number; self: number; machineBusy: number; machineTotal: number };

/** CPU time in cores (1.0 = one core fully busy) over the sampled interval. */
export type CpuUsage = { server: number; postgres: number; bench: number; other: number; machine: number; cores: number };

/** The database a Postgres backend serves, from its process title; null for the server's own processes. */
function backendDatabase(pid: string): string | null {
  try {
    const title = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim();
    // "postgres: 15/main: user db 127.0.0.1(5432) idle", "postgres: 15/main: autovacuum worker db"
    const client = /^postgres: [^:]+: \S+ (\S+) (?:\[local\]|\S+\(\d+\))/.exec(title);
    const worker = /^postgres: [^:]+: (?:autovacuum worker|parallel worker for PID \d+) ?(\S+)?/.exec(title);
    return client?.[1] ?? worker?.[1] ?? null;
  } catch {
    return null;
  }
}

function readStat(pid: string): { comm: string; pgrp: number; ticks: number } | null {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = raw.lastIndexOf(")");
    const comm = raw.slice(raw.indexOf("(") + 1, close);
    const fields = raw.slice(close + 2).split(" ");
    // After "pid (comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    return { comm, pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

function machineTicks(): { busy: number; total: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0); // user..steal; guest is inside user
  const idle = values[3]! + (values[4] ?? 0);
  return { busy: total - idle, total };
}

function sample(serverPgid: number, database: string | null): Sample {
  let server = 0;
  let postgres = 0;
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = readStat(pid);
    if (!stat) continue;
    if (stat.pgrp === serverPgid) server += stat.ticks;
    else if (stat.comm === "postgres") {
      const db = database ? backendDatabase(pid) : null;
      if (db === null || db === database) postgres += stat.ticks;
    }
  }
  const self = process.cpuUsage();
  const machine = machineTicks();
  return {
    at: performance.now(),
    server: server / TICKS_PER_SECOND,
    postgres: postgres / TICKS_PER_SECOND,
    self: (self.user + self.system) / 1e6,
    machineBusy: machine.busy,
    machineTotal: machine.total,
  };
}

/** Starts measuring; the returned function ends the interval and answers the usage. */
export function startCpuMeter(serverPgid: number, database: string | null): () => CpuUsage | null {
  if (process.platform !== "linux") return () => null;
  const before = sample(serverPgid, database);
  return () => {
    const after = sample(serverPgid, database);
    const seconds = (after.at - before.at) / 1000;
    const cores = os.availableParallelism();
    const machineShare = (after.machineBusy - before.machineBusy) / Math.max(1, after.machineTotal - before.machineTotal);
    const usage = {
      server: (after.server - before.server) / seconds,
      // A postgres backend that exits mid-run takes its ticks with it: a lower bound.
      postgres: Math.max(0, after.postgres - before.postgres) / seconds,
      bench: (after.self - before.self) / seconds,
      machine: machineShare * cores,
      cores,
    };
    // Other processes, plus kernel time no process was charged with (interrupts).
    return { ...usage, other: Math.max(0, usage.machine - usage.server - usage.postgres - usage.bench) };
  };
}
