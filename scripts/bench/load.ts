// One load run with autocannon, reduced to the figures the report shows.
import autocannon from "autocannon";
import { benchHeaders } from "./bench-secret";
import { startCpuMeter, type CpuUsage } from "./cpu";
import { startPgWaitSampler, type PgWaits } from "./pg-waits";

export type LoadRequest = {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  /** A body per request (e.g. a unique reference each time); called once per request sent. */
  body?: () => unknown;
};

export type LoadOptions = LoadRequest & {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  /** Send exactly this many requests instead of running for durationSeconds. */
  amount?: number;
  /** Measure CPU (the server's process group) and Postgres waits (its database) during the run. */
  observe?: { serverPgid: number; databaseUrl: string };
};

export type LoadResult = {
  connections: number;
  durationSeconds: number;
  /** 2xx answers per second: failures do not count as throughput. */
  rps: number;
  /** Latency over every answer, in ms. */
  p50: number;
  p99: number;
  /** Non-2xx answers plus connection errors and timeouts. */
  errors: number;
  total: number;
  statusCodes: Record<string, number>;
  cpu: CpuUsage | null;
  waits: PgWaits | null;
};

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const headers = { ...(opts.body ? { "content-type": "application/json" } : {}), ...benchHeaders(opts.path), ...opts.headers };
  const makeBody = opts.body;
  const observe = opts.observe;
  // Backends report their transactions to pg_stat_database up to ~1 s late: let the previous
  // run's arrive before this one's count starts.
  if (observe) await new Promise((r) => setTimeout(r, 1100));
  const stopCpu = observe ? startCpuMeter(observe.serverPgid, decodeURIComponent(new URL(observe.databaseUrl).pathname.slice(1))) : () => null;
  const stopWaits = observe ? startPgWaitSampler(observe.databaseUrl) : async () => null;
  const result = await autocannon({
    url: `${opts.baseUrl}${opts.path}`,
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.durationSeconds }),
    timeout: 10,
    requests: [
      {
        method: opts.method,
        path: opts.path,
        headers,
        ...(makeBody ? { setupRequest: (req) => ({ ...req, body: JSON.stringify(makeBody()) }) } : {}),
      },
    ],
  });
  const cpu = stopCpu();
  const waits = await stopWaits();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  return {
    connections: opts.connections,
    durationSeconds: result.duration,
    rps: result["2xx"] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    total: result["2xx"] + result.non2xx + result.errors,
    statusCodes,
    cpu,
    waits,
  };
}
