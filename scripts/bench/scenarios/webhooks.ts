// Webhook delivery throughput and commit-to-receipt latency. A receiver of its own
// (scripts/bench/receiver.ts, 200 at once) is every bench key pair's webhook URL. At C
// connections, autocannon sends N = C × 100 requests to POST /api/bench/emit, spread over C
// key pairs: each commits one event through the app's outbox and delivers it after commit,
// the app's real path (one key's first attempts go out in order, different keys in
// parallel). Whatever after-commit delivery leaves pending is sent by the scheduler's
// deliver_webhooks job, run every 5 s as the in-process timer does (POST /api/bench/deliver:
// that job alone, not the other jobs' work left by earlier scenarios). Measured: deliveries/s
// from the first event's commit to the last receipt, and receipt − events.created_at per
// event. Floor: the same receiver hit by N bare signed POSTs (Standard Webhooks headers, a
// fresh connection each, like ours) from this process at the same concurrency, timed from
// just before signing to receipt.
import { openSecret } from "../../../lib/security/secret-box";
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import postgres from "postgres";
import { signWebhook } from "../../../lib/events/sign-webhook";
import { benchHeaders } from "../bench-secret";
import { runLoad } from "../load";
import { figure, percentile, type Row } from "../table";
import type { Scenario } from "./scenario";

/** Webhooks arrive in well under a second of the change they report, even under load. */
const TARGET_P99_MS = 1_000;
/**
 * A backlog should drain at a tenth of what the receiver takes from a bare sender: each attempt
 * is a claim, a read, the POST on a fresh connection and a recorded attempt (a transaction).
 */
const BACKLOG_TARGET = 0.1;
const EVENTS_PER_CONNECTION = 100;
const QUICK_EVENTS_PER_CONNECTION = 10;
/** How long to wait for the last deliveries before counting the rest as undelivered. */
const DRAIN_TIMEOUT_MS = 60_000;
/** lib/scheduler/in-process.ts's default interval. */
const SCHEDULER_INTERVAL_MS = 5_000;

type Receiver = { port: number; ask: <T>(cmd: string) => Promise<T>; stop: () => void };

function startReceiver(): Promise<Receiver> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, "..", "receiver.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ask = <T>(cmd: string) =>
    new Promise<T>((resolve) => {
      child.once("message", (m) => resolve(m as T));
      child.send({ cmd });
    });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the webhook receiver exited (${code}) before listening`)));
    child.once("message", (m: { port: number }) => resolve({ port: m.port, ask, stop: () => child.kill() }));
  });
}

let receiver: Receiver | null = null;

async function createKeys(databaseUrl: string, merchantId: string, url: string, count: number) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // Copies of the fixture's key pair with the receiver as webhook URL (the key strings are
    // never used: these keys only own events).
    const keys = await sql<{ id: string; webhook_secret: string }[]>`
      insert into api_key_pairs (id, merchant_id, mode, name, secret_hash, secret_prefix, secret_last4, public_key, permissions,
        webhook_url, webhook_secret, settlement_pay_id_id, wallet_pay_id_id, rate_limit)
      select gen_random_uuid(), merchant_id, mode, 'bench webhooks ' || g, md5(random()::text || g), secret_prefix, secret_last4,
        public_key || '_wh' || g || '_' || md5(random()::text), permissions, ${url}, webhook_secret, settlement_pay_id_id, wallet_pay_id_id, rate_limit
      from (select * from api_key_pairs where merchant_id = ${merchantId}::uuid and mode = 'test' order by created_at limit 1) k,
           generate_series(1, ${count}::int) g
      returning id, webhook_secret`;
    return keys;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** N bare signed POSTs at `connections` at once; latency from just before signing to receipt. */
async function bareSignedPosts(port: number, connections: number, count: number, secret: string, tag: string) {
  const started = new Map<string, number>();
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < count) {
      const id = `msg_${tag}_${++next}`;
      started.set(id, performance.timeOrigin + performance.now());
      const body = JSON.stringify({ event: "transfer.success", data: { reference: id, amount: 10_000, currency: "NGN", status: "completed", recipient: { name: "Ada Obi", bank: null, account_number: null } } });
      const headers = signWebhook({ id, timestamp: Math.floor(Date.now() / 1000), body, secrets: [secret] });
      await new Promise<void>((resolve) => {
        const req = http.request(
          { host: "127.0.0.1", port, method: "POST", path: "/", agent: false, headers: { "content-type": "application/json", "user-agent": "Owo-Webhooks/1", ...headers, "content-length": String(Buffer.byteLength(body)) } },
          (res) => {
            res.resume();
            res.on("end", resolve);
            res.on("error", () => resolve());
          },
        );
        req.on("error", () => resolve());
        req.end(body);
      });
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { started, seconds: (performance.now() - t0) / 1000 };
}

/** One pass of the scheduler's deliver_webhooks job (and no other job): the attempts it made. */
async function deliverJob(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/bench/deliver`, { method: "POST", headers: benchHeaders("/api/bench/deliver") });
  const answer = (await res.json().catch(() => null)) as { data?: { attempts: number } } | null;
  if (!res.ok || !answer?.data) throw new Error(`POST /api/bench/deliver answered ${res.status}`);
  return answer.data.attempts;
}

/**
 * The in-process scheduler, as it runs in production (SCHEDULER_INTERVAL_MS, 5 s): the
 * deliver_webhooks job every 5 s while the load runs. Events that after-commit delivery left
 * pending wait for it, as they would. `stop` answers the attempts the job made.
 */
function startSchedulerTimer(baseUrl: string): { stop: () => Promise<number> } {
  let attempts = 0;
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(async () => {
      attempts += await deliverJob(baseUrl).catch(() => 0);
    });
  }, SCHEDULER_INTERVAL_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      return attempts;
    },
  };
}

/** Waits (up to DRAIN_TIMEOUT_MS) until the receiver holds `expected` receipts. */
async function waitForReceipts(rcv: Receiver, expected: number): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (Date.now() < deadline && (await rcv.ask<{ count: number }>("count")).count < expected) await new Promise((r) => setTimeout(r, 100));
}

/** Runs the deliver_webhooks job back to back until `expected` receipts arrived: the passes it took. */
async function drainByJob(baseUrl: string, rcv: Receiver, expected: number): Promise<number> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  let passes = 0;
  while (Date.now() < deadline) {
    passes++;
    await deliverJob(baseUrl);
    if ((await rcv.ask<{ count: number }>("count")).count >= expected) break;
  }
  return passes;
}

/** Receipts matched with their events' commit times: what a row of the table is made of. */
async function deliveryFigure(sql: postgres.Sql, rcv: Receiver, connections: number, where: { keyIds: string[]; referencePrefix: string }) {
  const { receipts } = await rcv.ask<{ receipts: [string, number][] }>("take");
  const firstReceipt = new Map<string, number>();
  for (const [id, at] of receipts) if (!firstReceipt.has(id)) firstReceipt.set(id, at);
  const created = await sql<{ id: string; ms: number }[]>`
    select id, extract(epoch from created_at)::float8 * 1000 as ms from events
    where key_pair_id in ${sql(where.keyIds)} and data->>'reference' like ${`${where.referencePrefix}%`}`;
  const latencies = created.filter((e) => firstReceipt.has(e.id)).map((e) => firstReceipt.get(e.id)! - e.ms);
  const firstCommit = Math.min(...created.map((e) => e.ms));
  const lastReceipt = Math.max(...firstReceipt.values());
  const seconds = (lastReceipt - firstCommit) / 1000;
  return {
    seconds,
    committed: created.length,
    delivered: latencies.length,
    figure: figure({
      connections,
      rate: latencies.length / Math.max(0.001, seconds),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      errors: created.length - latencies.length,
      total: created.length,
    }),
  };
}

export const webhooks: Scenario = {
  name: "webhooks",
  description:
    "Webhook delivery: at C connections, C × 100 events committed through the app (POST /api/bench/emit: one event via the outbox, delivered after commit) " +
    "for C key pairs whose webhook URL is a local receiver answering 200 at once, the deliver_webhooks job every 5 s meanwhile (as the in-process scheduler); " +
    "deliveries/s from the first commit to the last receipt, " +
    "p50/p99 from events.created_at to receipt, errors = not delivered within 60 s. Then the backlog: as many events committed in one statement, " +
    "delivered by the scheduler's deliver_webhooks job alone (POST /api/bench/deliver) run back to back; " +
    "floor: the same number of bare signed POSTs (a fresh connection each) from one process at the same concurrency",
  measure: async (ctx, opts) => {
    receiver = await startReceiver();
    const rcv = receiver;
    const most = Math.max(...opts.connections);
    const keys = await createKeys(ctx.databaseUrl, ctx.fixtures.merchantId, `http://127.0.0.1:${rcv.port}/webhooks`, most);
    const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} });
    const rows: Row[] = [];
    try {
      // Warm-up (JIT, the emit route's first compile, connection pools): not measured.
      for (let w = 0; w < 20; w++) {
        const key = keys[w % keys.length]!;
        await fetch(`${ctx.baseUrl}/api/bench/emit`, { method: "POST", headers: { "content-type": "application/json", ...benchHeaders("/api/bench/emit") }, body: JSON.stringify({ merchant_id: ctx.fixtures.merchantId, key_pair_id: key.id, reference: `${ctx.runTag}-warm-${w}` }) });
      }
      await waitForReceipts(rcv, 20);
      await rcv.ask("take");
      for (const connections of opts.connections) {
        const n = connections * (ctx.quick ? QUICK_EVENTS_PER_CONNECTION : EVENTS_PER_CONNECTION);
        ctx.log(`webhooks: ${n} events over ${connections} key pairs, ${connections} connections…`);
        await rcv.ask("take");
        let i = 0;
        const scheduler = startSchedulerTimer(ctx.baseUrl);
        const emitted = await runLoad({
          baseUrl: ctx.baseUrl,
          method: "POST",
          path: "/api/bench/emit",
          connections,
          durationSeconds: opts.durationSeconds,
          amount: n,
          body: () => {
            const key = keys[i % connections]!;
            return { merchant_id: ctx.fixtures.merchantId, key_pair_id: key.id, reference: `${ctx.runTag}-wh-${connections}-${++i}` };
          },
        });
        const committed = emitted.total - emitted.errors;
        await waitForReceipts(rcv, committed);
        const byScheduler = await scheduler.stop();
        const keyIds = keys.slice(0, connections).map((k) => k.id);
        const after = await deliveryFigure(sql, rcv, connections, { keyIds, referencePrefix: `${ctx.runTag}-wh-${connections}-` });
        ctx.log(
          `webhooks: ${committed} committed at ${Math.round(emitted.rps)}/s, ${after.delivered} delivered in ${after.seconds.toFixed(1)} s` +
            ` (${byScheduler} of them by the scheduler's 5-second job, the rest after commit)`,
        );
        const ours = { ...after.figure, errors: after.figure.errors + emitted.errors };

        // The backlog: N events committed in one statement (a burst, or a receiver back after
        // an outage), delivered by the scheduler's deliver_webhooks job run back to back.
        const prefix = `${ctx.runTag}-backlog-${connections}-`;
        await sql`
          insert into events (id, merchant_id, mode, key_pair_id, type, data, delivery_status, next_attempt_at)
          select 'evt_' || ${prefix} || g, ${ctx.fixtures.merchantId}::uuid, 'test', (${sql.array(keyIds)}::uuid[])[1 + g % ${connections}::int],
                 'transfer.success', jsonb_build_object('reference', ${prefix} || g, 'amount', 10000, 'currency', 'NGN', 'status', 'completed'), 'pending', now()
          from generate_series(1, ${n}::int) g order by g`;
        const passes = await drainByJob(ctx.baseUrl, rcv, n);
        const backlog = await deliveryFigure(sql, rcv, connections, { keyIds, referencePrefix: prefix });
        ctx.log(`webhooks: backlog of ${n}: ${backlog.delivered} delivered in ${backlog.seconds.toFixed(1)} s over ${passes} scheduler passes`);

        ctx.log(`webhooks: floor, ${n} bare signed POSTs at ${connections} at once…`);
        await rcv.ask("take");
        const posted = await bareSignedPosts(rcv.port, connections, n, openSecret(keys[0]!.webhook_secret), `${ctx.runTag}_floor_${connections}`);
        const floorReceipts = (await rcv.ask<{ receipts: [string, number][] }>("take")).receipts;
        const floorLatencies = floorReceipts.filter(([id]) => posted.started.has(id)).map(([id, at]) => at - posted.started.get(id)!);
        const floor = figure({
          connections,
          rate: floorReceipts.length / posted.seconds,
          p50: percentile(floorLatencies, 0.5),
          p99: percentile(floorLatencies, 0.99),
          errors: n - floorReceipts.length,
          total: n,
        });
        rows.push(
          {
            scenario: "webhooks",
            target: `webhooks after commit, ${n.toLocaleString("en")} events`,
            ours,
            floor,
            unit: "deliveries/s",
            floorUnit: "POSTs/s",
            goal: { text: `p99 ≤ ${TARGET_P99_MS.toLocaleString("en")} ms, all delivered`, met: ours.errors === 0 && ours.p99 <= TARGET_P99_MS },
          },
          {
            scenario: "webhooks",
            target: `webhook backlog by the scheduler, ${n.toLocaleString("en")} events`,
            ours: backlog.figure,
            floor,
            unit: "deliveries/s",
            floorUnit: "POSTs/s",
            goal: { text: `≥ ${Math.round(BACKLOG_TARGET * 100)}% of floor, all delivered`, met: backlog.figure.errors === 0 && backlog.figure.rps >= BACKLOG_TARGET * floor.rps },
          },
        );
      }
    } finally {
      await sql.end({ timeout: 1 });
    }
    return rows;
  },
  finish: async () => {
    receiver?.stop();
    receiver = null;
  },
};
