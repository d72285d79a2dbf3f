// Webhook delivery throughput and commit-to-receipt latency (issue 17's goals). A receiver of
// its own (scripts/bench/receiver.ts: keep-alive, 200 at once, or after 2 s under /slow) is
// every bench key pair's webhook URL. The burst: 1,000 events over 10 key pairs committed
// through the app: autocannon at 10 connections sends 100 POST /api/bench/emit, each
// committing one event for each of the 10 keys in one statement and waking the delivery engine
// after commit, the app's real path. The scheduler's deliver_webhooks job runs every 5 s
// meanwhile (POST /api/bench/deliver, as the in-process timer would). Measured: deliveries/s
// from the first event's commit to the last receipt, and receipt − events.created_at per event.
// Then the same burst with one of the 10 receivers slow (2 s per answer): the other keys'
// latency, and whether the slow key's events all arrive in order. Then a backlog (the burst
// committed in one statement) drained by the deliver_webhooks job alone. Floor: the same
// receiver hit by as many bare signed POSTs (Standard Webhooks headers) from this process, 10
// at once, over keep-alive connections (an undici Pool of 10, as the app's engine keeps),
// timed from just before signing to receipt.
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import postgres from "postgres";
import { Pool } from "undici";
import { signWebhook } from "../../../lib/events/sign-webhook";
import { openSecret } from "../../../lib/security/secret-box";
import { benchHeaders } from "../bench-secret";
import { runLoad } from "../load";
import { SLOW_ANSWER_MS } from "../receiver";
import { figure, percentile, type Row } from "../table";
import type { Scenario } from "./scenario";

/** Issue 17: ≥ 1,000 deliveries/s or ≥ 60% of the floor; commit-to-receipt p50 ≤ 50 ms, p99 ≤ 500 ms. */
const GOAL_RATE = 1_000;
const GOAL_FLOOR_RATIO = 0.6;
const GOAL_P50_MS = 50;
const GOAL_P99_MS = 500;
const KEYS = 10;
const EVENTS_PER_KEY = 100;
const QUICK_EVENTS_PER_KEY = 10;
/** Unmeasured bursts before the measured ones (JIT warm-up of the delivery path). */
const WARMUP_BURSTS = 3;
/** How long to wait for the last deliveries (beyond the slow key's own time) before counting the rest as undelivered. */
const DRAIN_TIMEOUT_MS = 60_000;
/** lib/scheduler/in-process.ts's default interval. */
const SCHEDULER_INTERVAL_MS = 5_000;

type Receipt = [id: string, atMs: number, path: string];
type Receiver = { port: number; ask: <T>(cmd: string) => Promise<T>; stop: () => void };

function startReceiver(): Promise<Receiver> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, "..", "receiver.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
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

/**
 * N bare signed POSTs, `connections` at once over a keep-alive undici Pool of that many
 * connections (what the app's engine keeps per destination); latency from just before signing
 * to receipt.
 */
async function bareSignedPosts(port: number, connections: number, count: number, secret: string, tag: string) {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections, keepAliveTimeout: 4_000, pipelining: 1 });
  const started = new Map<string, number>();
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < count) {
      const id = `msg_${tag}_${++next}`;
      started.set(id, performance.timeOrigin + performance.now());
      const body = JSON.stringify({
        event: "transfer.success",
        data: { reference: id, amount: 10_000, currency: "NGN", status: "completed", recipient: { name: "Ada Obi", bank: null, account_number: null } },
      });
      const headers = signWebhook({ id, timestamp: Math.floor(Date.now() / 1000), body, secrets: [secret] });
      try {
        const res = await pool.request({
          path: "/",
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": "Owo-Webhooks/1", ...headers },
          body,
        });
        await res.body.text();
      } catch {
        /* counted as missing at the receiver */
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - t0) / 1000;
  await pool.close();
  return { started, seconds };
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
 * deliver_webhooks job every 5 s while the load runs. `stop` answers the attempts the job made.
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

/** Waits (up to `timeoutMs`) until the receiver holds `expected` receipts. */
async function waitForReceipts(rcv: Receiver, expected: number, timeoutMs = DRAIN_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
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

type Committed = { id: string; keyPairId: string; ms: number };

/** The events of these keys whose reference starts with the prefix, in commit (seq) order. */
async function committedEvents(sql: postgres.Sql, keyIds: string[], referencePrefix: string): Promise<Committed[]> {
  const rows = await sql<{ id: string; key_pair_id: string; ms: number }[]>`
    select id, key_pair_id, extract(epoch from created_at)::float8 * 1000 as ms from events
    where key_pair_id in ${sql(keyIds)} and data->>'reference' like ${`${referencePrefix}%`} order by seq`;
  return rows.map((r) => ({ id: r.id, keyPairId: r.key_pair_id, ms: r.ms }));
}

/** Receipts matched with their events' commit times: a row's figure. */
function deliveryFigure(created: Committed[], receipts: Receipt[], connections: number) {
  const firstReceipt = new Map<string, number>();
  for (const [id, at] of receipts) if (!firstReceipt.has(id)) firstReceipt.set(id, at);
  const delivered = created.filter((e) => firstReceipt.has(e.id));
  const latencies = delivered.map((e) => firstReceipt.get(e.id)! - e.ms);
  const firstCommit = Math.min(...created.map((e) => e.ms));
  const lastReceipt = Math.max(...delivered.map((e) => firstReceipt.get(e.id)!));
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

/** Whether the first receipts of these events came in this order, all of them. */
function allInOrder(events: Committed[], receipts: Receipt[]): boolean {
  const wanted = new Set(events.map((e) => e.id));
  const seen = [...new Set(receipts.map(([id]) => id).filter((id) => wanted.has(id)))];
  return seen.length === events.length && seen.every((id, i) => id === events[i]!.id);
}

/** The burst through the app: `perKey` POST /api/bench/emit, each one event for every key, at `connections`. */
async function burst(
  ctx: Parameters<NonNullable<Scenario["measure"]>>[0],
  keyIds: string[],
  perKey: number,
  connections: number,
  prefix: string,
  durationSeconds: number,
) {
  let i = 0;
  const emitted = await runLoad({
    baseUrl: ctx.baseUrl,
    method: "POST",
    path: "/api/bench/emit",
    connections,
    durationSeconds,
    amount: perKey,
    body: () => ({ merchant_id: ctx.fixtures.merchantId, key_pair_ids: keyIds, reference: `${prefix}${++i}` }),
  });
  return { requests: emitted.total, errors: emitted.errors };
}

const goalText = `≥ ${GOAL_RATE.toLocaleString("en")}/s or ≥ ${Math.round(GOAL_FLOOR_RATIO * 100)}% of floor; p50 ≤ ${GOAL_P50_MS} ms, p99 ≤ ${GOAL_P99_MS} ms; all delivered`;

export const webhooks: Scenario = {
  name: "webhooks",
  description:
    `Webhook delivery (issue 17): a burst of ${KEYS} × ${EVENTS_PER_KEY} events over ${KEYS} key pairs committed through the app at ${KEYS} connections ` +
    `(POST /api/bench/emit: one event for each key in one statement, the delivery engine woken after commit), the deliver_webhooks job every 5 s meanwhile; ` +
    "deliveries/s from the first commit to the last receipt, p50/p99 from events.created_at to receipt, errors = not delivered in time. " +
    `Then the same burst with one receiver slow (${SLOW_ANSWER_MS / 1000} s per answer): the other keys' figures, and the slow key's events all arriving in order. ` +
    "Then a backlog (the burst committed in one statement) drained by the deliver_webhooks job alone, run back to back. " +
    `Floor: as many bare signed POSTs from one process, ${KEYS} at once over keep-alive connections (an undici Pool of ${KEYS})`,
  measure: async (ctx, opts) => {
    receiver = await startReceiver();
    const rcv = receiver;
    const base = `http://127.0.0.1:${rcv.port}`;
    const keys = await createKeys(ctx.databaseUrl, ctx.fixtures.merchantId, `${base}/webhooks`, KEYS);
    const keyIds = keys.map((k) => k.id);
    const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} });
    const perKey = ctx.quick ? QUICK_EVENTS_PER_KEY : EVENTS_PER_KEY;
    const n = KEYS * perKey;
    const connections = KEYS;
    const rows: Row[] = [];
    try {
      // Warm-up (JIT, the emit route's first compile, connection pools): not measured. Bursts
      // as large as the measured one: the delivery path's code (undici, the driver, the engine)
      // takes a few thousand deliveries to be optimized (in-process, the first 1,000 cost three
      // times the CPU of the third), as a server under real traffic long has been.
      for (let round = 0; round < WARMUP_BURSTS; round++) {
        const warm = await burst(ctx, keyIds, perKey, connections, `${ctx.runTag}-warm${round}-`, opts.durationSeconds);
        await waitForReceipts(rcv, (warm.requests - warm.errors) * KEYS);
        await rcv.ask("take");
      }

      // The floor first, on a quiet app: bare signed POSTs over keep-alive connections.
      ctx.log(`webhooks: floor, ${n} bare signed POSTs, ${connections} at once over keep-alive connections…`);
      const posted = await bareSignedPosts(rcv.port, connections, n, openSecret(keys[0]!.webhook_secret), `${ctx.runTag}_floor`);
      const floorReceipts = (await rcv.ask<{ receipts: Receipt[] }>("take")).receipts;
      const floorLatencies = floorReceipts.filter(([id]) => posted.started.has(id)).map(([id, at]) => at - posted.started.get(id)!);
      const floor = figure({
        connections,
        rate: floorReceipts.length / posted.seconds,
        p50: percentile(floorLatencies, 0.5),
        p99: percentile(floorLatencies, 0.99),
        errors: n - floorReceipts.length,
        total: n,
      });
      const rateMet = (rps: number) => rps >= GOAL_RATE || (floor.rps > 0 && rps / floor.rps >= GOAL_FLOOR_RATIO);

      // 1. The burst, every receiver answering at once.
      ctx.log(`webhooks: burst of ${n} events over ${KEYS} key pairs, ${connections} connections…`);
      const prefix = `${ctx.runTag}-wh-`;
      const scheduler = startSchedulerTimer(ctx.baseUrl);
      const sent = await burst(ctx, keyIds, perKey, connections, prefix, opts.durationSeconds);
      await waitForReceipts(rcv, (sent.requests - sent.errors) * KEYS);
      const byScheduler = await scheduler.stop();
      const created = await committedEvents(sql, keyIds, prefix);
      const after = deliveryFigure(created, (await rcv.ask<{ receipts: Receipt[] }>("take")).receipts, connections);
      const commitWindow = created.length > 0 ? (created.at(-1)!.ms - created[0]!.ms) / 1000 : 0;
      ctx.log(
        `webhooks: ${after.committed} committed over ${commitWindow.toFixed(2)} s, ${after.delivered} delivered in ${after.seconds.toFixed(2)} s ` +
          `(${byScheduler} attempts by the 5-second job, the rest after commit)`,
      );
      const ours = { ...after.figure, errors: after.figure.errors + sent.errors * KEYS };
      rows.push({
        scenario: "webhooks",
        target: `webhook burst after commit, ${n.toLocaleString("en")} events over ${KEYS} keys`,
        ours,
        floor,
        unit: "deliveries/s",
        floorUnit: "POSTs/s",
        goal: { text: goalText, met: ours.errors === 0 && rateMet(ours.rps) && ours.p50 <= GOAL_P50_MS && ours.p99 <= GOAL_P99_MS },
      });

      // The same burst once more with the server profiled (not measured): where its time goes.
      await opts.profile(`webhook burst after commit, ${n.toLocaleString("en")} events over ${KEYS} keys`, async () => {
        const again = await burst(ctx, keyIds, perKey, connections, `${ctx.runTag}-prof-`, opts.durationSeconds);
        await waitForReceipts(rcv, (again.requests - again.errors) * KEYS);
        await rcv.ask("take");
        return (again.requests - again.errors) * KEYS;
      });

      // 2. The same burst with the last key's receiver slow.
      const slowKey = keyIds.at(-1)!;
      await sql`update api_key_pairs set webhook_url = ${`${base}/slow`} where id = ${slowKey}::uuid`;
      ctx.log(
        `webhooks: burst of ${n} events, one receiver answering after ${SLOW_ANSWER_MS} ms (its ${perKey} events take ~${Math.round((perKey * SLOW_ANSWER_MS) / 1000)} s in order)…`,
      );
      const slowPrefix = `${ctx.runTag}-slow-`;
      const scheduler2 = startSchedulerTimer(ctx.baseUrl);
      const sent2 = await burst(ctx, keyIds, perKey, connections, slowPrefix, opts.durationSeconds);
      const expected2 = (sent2.requests - sent2.errors) * KEYS;
      await waitForReceipts(rcv, expected2, DRAIN_TIMEOUT_MS + perKey * SLOW_ANSWER_MS * 1.5);
      await scheduler2.stop();
      await sql`update api_key_pairs set webhook_url = ${`${base}/webhooks`} where id = ${slowKey}::uuid`;
      const created2 = await committedEvents(sql, keyIds, slowPrefix);
      const receipts2 = (await rcv.ask<{ receipts: Receipt[] }>("take")).receipts;
      const others = deliveryFigure(
        created2.filter((e) => e.keyPairId !== slowKey),
        receipts2,
        connections,
      );
      const slowEvents = created2.filter((e) => e.keyPairId === slowKey);
      const slow = deliveryFigure(slowEvents, receipts2, 1);
      const slowInOrder = allInOrder(slowEvents, receipts2);
      ctx.log(
        `webhooks: other keys ${others.delivered}/${others.committed} delivered, p99 ${Math.round(others.figure.p99)} ms; ` +
          `slow key ${slow.delivered}/${slow.committed} in ${slow.seconds.toFixed(1)} s, ${slowInOrder ? "in order" : "NOT in order"}`,
      );
      rows.push({
        scenario: "webhooks",
        target: `webhook burst, one of ${KEYS} receivers slow (${SLOW_ANSWER_MS / 1000} s per answer): the other keys`,
        ours: { ...others.figure, errors: others.figure.errors + sent2.errors * (KEYS - 1) },
        floor,
        unit: "deliveries/s",
        floorUnit: "POSTs/s",
        oursNote: ` (slow key: ${slow.delivered}/${slow.committed}${slowInOrder ? " in order" : " NOT in order"}, ${slow.seconds.toFixed(0)} s)`,
        goal: {
          text: `other keys' p99 ≤ ${GOAL_P99_MS} ms; the slow key's events all arrive, in order`,
          met: others.figure.errors === 0 && sent2.errors === 0 && others.figure.p99 <= GOAL_P99_MS && slow.delivered === slow.committed && slowInOrder,
        },
      });

      // 3. The backlog: the burst committed in one statement, delivered by the deliver_webhooks job alone.
      const backlogPrefix = `${ctx.runTag}-backlog-`;
      await sql`
        insert into events (id, merchant_id, mode, key_pair_id, type, data, delivery_status, next_attempt_at)
        select 'evt_' || ${backlogPrefix} || g, ${ctx.fixtures.merchantId}::uuid, 'test', (${sql.array(keyIds)}::uuid[])[1 + g % ${KEYS}::int],
               'transfer.success', jsonb_build_object('reference', ${backlogPrefix} || g, 'amount', 10000, 'currency', 'NGN', 'status', 'completed'), 'pending', now()
        from generate_series(1, ${n}::int) g order by g`;
      const passes = await drainByJob(ctx.baseUrl, rcv, n);
      const backlog = deliveryFigure(await committedEvents(sql, keyIds, backlogPrefix), (await rcv.ask<{ receipts: Receipt[] }>("take")).receipts, connections);
      ctx.log(`webhooks: backlog of ${n}: ${backlog.delivered} delivered in ${backlog.seconds.toFixed(2)} s over ${passes} scheduler passes`);
      rows.push({
        scenario: "webhooks",
        target: `webhook backlog by the scheduler, ${n.toLocaleString("en")} events over ${KEYS} keys`,
        ours: backlog.figure,
        floor,
        unit: "deliveries/s",
        floorUnit: "POSTs/s",
        goal: {
          text: `≥ ${GOAL_RATE.toLocaleString("en")}/s or ≥ ${Math.round(GOAL_FLOOR_RATIO * 100)}% of floor, all delivered`,
          met: backlog.figure.errors === 0 && rateMet(backlog.figure.rps),
        },
      });
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
