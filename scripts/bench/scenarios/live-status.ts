// Hosted pages' live status (issue 26 item 1): a thousand open checkout pages, each following
// its session over server-sent events (GET /api/live/session/:id), while payments land from
// outside the pages (POST /v1/sandbox/payments, as a customer's bank would). Measured: the
// time from a payment's answer (its commit) to the moment every open page of that session has
// heard "completed", and how many database connections the server holds with the pages open
// against before (the goal: none per page). Floor: the same moment for a bare LISTEN/NOTIFY
// round trip on the same database (a NOTIFY committed, heard by a listening connection).
import postgres from "postgres";
import { Agent, request } from "undici";
import { percentile, figure, type Row } from "../table";
import type { Scenario } from "./scenario";

const PAGES = 1_000;
const SESSIONS = 100;
const QUICK_SESSIONS = 20;
/** The "within 2 seconds", for the slowest page of a payment. */
export const LIVE_STATUS_GOAL_MS = 2_000;

type Page = { sessionId: string; heard: Promise<number>; close: () => void };

async function post<T>(baseUrl: string, key: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; error?: { message: string } };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.error?.message ?? ""}`);
  return json.data;
}

/** One open page: resolves with the time it heard its session complete. */
function openPage(agent: Agent, baseUrl: string, sessionId: string): Promise<Page> {
  const abort = new AbortController();
  let resolveHeard: (at: number) => void;
  const heard = new Promise<number>((r) => (resolveHeard = r));
  return request(`${baseUrl}/api/live/session/${sessionId}`, { dispatcher: agent, headers: { accept: "text/event-stream" }, signal: abort.signal }).then(
    (res) => {
      if (res.statusCode !== 200) throw new Error(`live stream answered ${res.statusCode}`);
      let buffer = "";
      res.body.on("data", (chunk: Buffer) => {
        buffer += chunk.toString("utf8");
        if (buffer.includes('"status":"completed"')) resolveHeard(performance.now());
      });
      res.body.on("error", () => {});
      return { sessionId, heard, close: () => abort.abort() };
    },
  );
}

async function serverConnections(sql: postgres.Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
  return row!.n;
}

/** The floor: commit a NOTIFY, time until a listening connection hears it. */
async function notifyFloor(databaseUrl: string, rounds: number): Promise<number[]> {
  const listener = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const sender = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const waiting = new Map<string, (at: number) => void>();
    await listener.listen("bench_floor", (payload) => waiting.get(payload)?.(performance.now()));
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const heard = new Promise<number>((r) => waiting.set(String(i), r));
      await sender`select pg_notify('bench_floor', ${String(i)})`;
      const sent = performance.now();
      times.push(Math.max(0, (await heard) - sent));
    }
    return times;
  } finally {
    await listener.end({ timeout: 1 });
    await sender.end({ timeout: 1 });
  }
}

export const liveStatus: Scenario = {
  name: "live-status",
  description:
    `Live status: ${PAGES.toLocaleString("en")} open checkout pages (server-sent events) over ${SESSIONS} sessions (${QUICK_SESSIONS} with --quick); each session paid from outside the page in turn; ` +
    "payment answered → its last page hears 'completed'; database connections with the pages open vs before. Floor: a bare committed NOTIFY heard by LISTEN",
  async measure(ctx) {
    const sessions = ctx.quick ? QUICK_SESSIONS : SESSIONS;
    const key = ctx.fixtures.secretKey;
    const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} });
    const agent = new Agent({ connections: PAGES + 10, pipelining: 0 });
    const pages: Page[] = [];
    try {
      const created: { id: string; account: string }[] = [];
      for (let i = 0; i < sessions; i++) {
        const s = await post<{ session_id: string }>(ctx.baseUrl, key, "/v1/checkout/session/initialize", {
          amount: 500_000,
          email: `live-${ctx.runTag}-${i}@bench.example.com`,
        });
        const d = await post<{ account_number: string }>(ctx.baseUrl, key, `/v1/checkout/session/${s.session_id}/payment-method`, {
          payment_method: "bank_transfer",
        });
        created.push({ id: s.session_id, account: d.account_number });
      }
      // Warm: pages opening at once fill the server's pool and start its LISTEN; then "before".
      const warm = await Promise.all(Array.from({ length: 200 }, (_, i) => openPage(agent, ctx.baseUrl, created[i % sessions]!.id)));
      for (const p of warm) p.close();
      const before = await serverConnections(sql);
      for (let i = 0; i < PAGES; i += 100) {
        pages.push(
          ...(await Promise.all(Array.from({ length: Math.min(100, PAGES - i) }, (_, j) => openPage(agent, ctx.baseUrl, created[(i + j) % sessions]!.id)))),
        );
      }
      const open = await serverConnections(sql);
      ctx.log(`live-status: ${pages.length} pages open; server connections ${before} before, ${open} with them open`);

      const latencies: number[] = [];
      const started = performance.now();
      for (const s of created) {
        await post(ctx.baseUrl, key, "/v1/sandbox/payments", { account_number: s.account, amount: 500_000 });
        const answered = performance.now();
        const mine = pages.filter((p) => p.sessionId === s.id);
        const last = Math.max(...(await Promise.all(mine.map((p) => p.heard))));
        latencies.push(Math.max(0, last - answered));
      }
      const seconds = (performance.now() - started) / 1000;
      const floor = await notifyFloor(ctx.databaseUrl, sessions);
      const p99 = percentile(latencies, 0.99);
      const row: Row = {
        scenario: "live-status",
        target: `payment → last of its open pages hears it (${PAGES.toLocaleString("en")} pages open, +${open - before} db connections)`,
        goalId: "live-status",
        unit: "payments/s",
        floorUnit: "notifies/s",
        ours: figure({ connections: PAGES, rate: sessions / seconds, p50: percentile(latencies, 0.5), p99, total: sessions, durationSeconds: seconds }),
        floor: figure({
          connections: 1,
          rate: 1000 / Math.max(0.001, floor.reduce((a, b) => a + b, 0) / floor.length),
          p50: percentile(floor, 0.5),
          p99: percentile(floor, 0.99),
          total: floor.length,
        }),
        goal: { text: `p99 ≤ ${LIVE_STATUS_GOAL_MS} ms, no connection per page`, met: p99 <= LIVE_STATUS_GOAL_MS && open - before <= 2 },
      };
      return [row];
    } finally {
      for (const p of pages) p.close();
      await agent.close().catch(() => {});
      await sql.end({ timeout: 1 });
    }
  },
};
