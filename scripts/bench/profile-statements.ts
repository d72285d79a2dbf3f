// npx tsx scripts/bench/profile-statements.ts [--n 2000] [--only transfer,initialize,verify,hit]
//                                            [--no-triggers] [--disable table.trigger,…]
//                                            [--before-sql "…"] [--explain] [--help]
// What each hot request costs Postgres, without HTTP or concurrency: the /v1 route handlers
// called in-process one at a time on ONE pooled connection against a fresh migrated database,
// with the backend's CPU read from /proc around N calls (and this process's CPU beside it).
// Load from other processes hardly moves a one-connection, one-at-a-time CPU figure, which is
// what makes it usable on a shared machine. For working on the hot paths.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { createTestDatabase } from "../../tests/test-database";

const { values: args } = parseArgs({
  options: {
    n: { type: "string", default: "2000" },
    only: { type: "string" },
    explain: { type: "boolean", default: false },
    "no-triggers": { type: "boolean", default: false },
    // One trigger's cost: --disable payments.payments_customers[,table.trigger…]
    disable: { type: "string" },
    // A statement run on the fresh database first (what an index or setting costs): --before-sql "drop index …"
    "before-sql": { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (args.help) {
  console.log(`npx tsx scripts/bench/profile-statements.ts [options]
  What each hot request costs Postgres: the /v1 handlers called in-process, one at a time, on one
  pooled connection to a fresh migrated database; the backend's CPU per call from /proc.
  --n N                  calls per case after 200 to warm up (default 2000)
  --only a,b             cases: hit, count+stmt, alongside, transfer (a PayID transfer), initialize, verify
  --no-triggers          the statement-level triggers (list counts, rollups) disabled
  --disable t.trig,…     these triggers disabled (e.g. payments.payments_customers)
  --before-sql "…"       one statement run on the fresh database first (an index, a setting)
  --explain              then one more call of each case with its inserts run as EXPLAIN ANALYZE`);
  process.exit(0);
}
const N = Number(args.n);
const only = args.only?.split(",");

function backendTicks(pid: number): number {
  const raw = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
  return Number(f[11]) + Number(f[12]);
}

async function main() {
  const database = await createTestDatabase("owo_scratch");
  process.env.DATABASE_URL = database.url;
  process.env.DATABASE_POOL_SIZE = "1";
  process.env.LOG_LEVEL ??= "warn";
  process.env.OWO_QUIET = "1";
  process.env.OWO_ENCRYPTION_KEY ??= "b3dvLXRlc3QtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=";
  process.env.OWO_IDENTITY_SECRET ??= "test-identity-secret-not-for-production";
  process.env.AUTH_SECRET ??= "test-auth-secret-not-for-production-0123456789";
  try {
    const { migrateDb } = await import("../../db/migrate");
    await migrateDb();
    const { getDb, queryRows } = await import("../../db/client");
    const { sql } = await import("drizzle-orm");
    const { makeKey } = await import("../../tests/factories");
    const { getWalletPayId } = await import("../../lib/payids/find-pay-id");
    const { fundWallet } = await import("../../lib/wallets/fund-wallet");
    const transferRoute = await import("../../app/v1/checkout/transfer/route");
    const initRoute = await import("../../app/v1/checkout/session/initialize/route");
    const verifyRoute = await import("../../app/v1/checkout/session/[sessionId]/verify/route");
    const { hitRateLimit } = await import("../../lib/http/rate-limit");
    const { flushRequestLogs } = await import("../../lib/observability/request-log-buffer");

    const db = await getDb();
    if (args["no-triggers"]) {
      // What the statement-level triggers (list counts, rollups) cost: measured without them.
      for (const t of ["transfers", "payments", "events", "checkout_sessions", "invoices", "session_events", "journal_entries", "postings"]) {
        await queryRows(db, sql.raw(`alter table ${t} disable trigger user`));
      }
    }
    if (args["before-sql"]) await queryRows(db, sql.raw(args["before-sql"]));
    for (const one of args.disable?.split(",") ?? []) {
      const [table, trigger] = one.split(".");
      await queryRows(db, sql.raw(`alter table ${table} disable trigger ${trigger}`));
    }
    const big = { rateLimit: 1_000_000, initializeLimit: 1_000_000 };
    const sender = await makeKey({ config: big });
    const recipient = await makeKey({ config: big });
    const wallet = (await getWalletPayId(db, { merchantId: sender.merchantId, mode: "test" }))!;
    for (let i = 0; i < 4; i++) await fundWallet(db, { walletPayIdId: wallet.id, amount: 100_000_000_000, merchantId: sender.merchantId });
    const recipientPayId = (await getWalletPayId(db, { merchantId: recipient.merchantId, mode: "test" }))!.payId;
    // Every prepared statement's text with its last parameters, for --explain.
    const seen = new Map<string, unknown[]>();
    const client = (db as unknown as { $client: { unsafe: (t: string, p: unknown[], o: unknown) => unknown } }).$client;
    const unsafe = client.unsafe.bind(client);
    client.unsafe = (t, p, o) => {
      if (p?.length) seen.set(t, p);
      return unsafe(t, p, o);
    };
    const pid = (await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0]!.pid;

    const req = (path: string, method: string, json?: unknown) =>
      new Request(`http://localhost${path}`, {
        method,
        headers: { "x-api-key": sender.secretKey, "x-owo-peer-address": "10.1.2.3", ...(json ? { "content-type": "application/json" } : {}) },
        body: json ? JSON.stringify(json) : undefined,
      });
    let n = 0;
    const init = await initRoute.POST(req("/v1/checkout/session/initialize", "POST", { amount: 250_000, email: "b@example.com", reference: "verify-target" }), {
      params: Promise.resolve({}),
    });
    const sessionId = ((await init.json()) as { data: { session_id: string } }).data.session_id;

    const { PendingRateLimit } = await import("../../lib/http/rate-limit");
    const { rateLimitPassed } = await import("../../db/statements/rate-limit");
    const { preparedRows } = await import("../../db/client");
    const buckets = [
      { name: `key:${sender.keyPair.id}`, limit: 1_000_000 },
      { name: `init:${sender.keyPair.id}`, limit: 1_000_000 },
    ];
    const gated = (nonce: string | null) => ({ text: `select $1::text as x, ${rateLimitPassed("$2")} as rate_limit_passed`, params: ["x", nonce] });
    const cases: Record<string, () => Promise<unknown>> = {
      hit: () => hitRateLimit([{ name: `key:${sender.keyPair.id}`, limit: 1_000_000 }]),
      // The count then a statement, one after the other (two round trips) …
      "count+stmt": async () => {
        await hitRateLimit(buckets);
        await preparedRows(db, gated(null).text, gated(null).params);
      },
      // … and the same pipelined on one connection (PendingRateLimit.alongside).
      alongside: () => new PendingRateLimit(buckets).alongside(db, gated),
      transfer: async () => {
        const res = await transferRoute.POST(
          req("/v1/checkout/transfer", "POST", { type: "payid", pay_id: recipientPayId, amount: 10_000, reference: `st-${++n}` }),
          { params: Promise.resolve({}) },
        );
        if (res.status !== 200) throw new Error(`transfer answered ${res.status}: ${await res.text()}`);
      },
      initialize: async () => {
        const res = await initRoute.POST(
          req("/v1/checkout/session/initialize", "POST", {
            amount: 250_000,
            email: "bench@example.com",
            customer_name: "Bench Customer",
            reference: `si-${++n}`,
            callback_url: "https://shop.example.com/thanks",
            metadata: { order_id: `si-${n}` },
          }),
          { params: Promise.resolve({}) },
        );
        if (res.status !== 200) throw new Error(`initialize answered ${res.status}: ${await res.text()}`);
      },
      verify: async () => {
        const res = await verifyRoute.GET(req(`/v1/checkout/session/${sessionId}/verify`, "GET"), { params: Promise.resolve({ sessionId }) });
        if (res.status !== 200) throw new Error(`verify answered ${res.status}: ${await res.text()}`);
      },
    };
    for (const [name, fn] of Object.entries(cases)) {
      if (only && !only.includes(name)) continue;
      for (let i = 0; i < 200; i++) await fn(); // warm: prepared statements, caches, JIT
      await flushRequestLogs();
      const t0 = backendTicks(pid);
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      for (let i = 0; i < N; i++) await fn();
      const wall = performance.now() - w0;
      const c = process.cpuUsage(c0);
      const pg = ((backendTicks(pid) - t0) * 10) / N;
      console.log(
        `${name.padEnd(10)} pg ${(pg * 1000).toFixed(0).padStart(5)} us  node ${(((c.user + c.system) / 1000 / N) * 1000).toFixed(0).padStart(5)} us  wall ${((wall / N) * 1000).toFixed(0).padStart(5)} us  (n=${N}, load ${fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]})`,
      );
      await flushRequestLogs();
    }
    const plans = await queryRows<{ statement: string; generic_plans: number; custom_plans: number }>(
      db,
      sql`select left(regexp_replace(statement, '\s+', ' ', 'g'), 90) as statement, generic_plans::int, custom_plans::int from pg_prepared_statements`,
    );
    for (const p of plans) console.log(`plans: generic ${p.generic_plans} custom ${p.custom_plans}  ${p.statement}`);
    if (args.explain) {
      // One more call of each case with every parameterised statement run as EXPLAIN ANALYZE
      // (for real: its plan printed, its rows dropped, so the call itself then fails).
      client.unsafe = (t, p, o) => {
        if (!p?.length || !/insert into (transfers|checkout_sessions)/.test(t)) return unsafe(t, p, o);
        return (unsafe(`explain (analyze, buffers) ${t}`, p, {}) as Promise<{ "QUERY PLAN": string }[]>).then((rows) => {
          console.log(`\n---- ${t.replace(/\s+/g, " ").slice(0, 120)}…`);
          for (const r of rows) if (/Trigger|Time|^\S|->  (Insert|Update|LockRows)/.test(r["QUERY PLAN"])) console.log(r["QUERY PLAN"]);
          return [];
        });
      };
      for (const [name, fn] of Object.entries(cases)) {
        if (only && !only.includes(name)) continue;
        console.log(`\n======== ${name}`);
        await fn().catch((e: unknown) => console.log(`(${name} then failed: ${String(e).slice(0, 80)})`));
      }
      client.unsafe = unsafe;
    }
    const { closeDb } = await import("../../db/client");
    await closeDb();
  } finally {
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
