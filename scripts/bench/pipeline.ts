// Our share of a hot request, without Next.js: the /v1 route handlers called in this process
// (as the tests call them) on a fresh database, at 10 requests in flight, reporting this
// process's CPU per request (our pipeline, the handler and the Postgres driver; not Next's
// routing or the HTTP server, which the floors pay too). Steadier than the HTTP runs on a busy
// machine (CPU time, not throughput), and with readable function names under a profiler:
//
//   npx tsx scripts/bench/pipeline.ts [requests=3000] [target]              (CPU per request)
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx scripts/bench/pipeline.ts
//   npx tsx scripts/bench/profile.ts /tmp/prof/<file>.cpuprofile           (where it goes)
import { createTestDatabase } from "../../tests/test-database";
import { BENCH_DEPLOYMENT_SECRETS } from "./server";

Object.assign(process.env, BENCH_DEPLOYMENT_SECRETS, { OWO_QUIET: "1", NEXT_TELEMETRY_DISABLED: "1" });
const requests = Number(process.argv[2] ?? 3000);
const IN_FLIGHT = 10;

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function main() {
  const database = await createTestDatabase("owo_bench");
  process.env.DATABASE_URL = database.url;
  const { migrateDb } = await import("../../db/migrate");
  const { closeDb, getDb } = await import("../../db/client");
  try {
    await migrateDb();
    const db = await getDb();
    const { createMerchant } = await import("../../lib/merchants/create-merchant");
    const { createKeyPair } = await import("../../lib/keys/create-key-pair");
    const { CLI_ACTOR } = await import("../../lib/audit/record-audit");
    const merchant = async (name: string) =>
      (
        await createMerchant(db, {
          name,
          type: "business",
          email: `${name.replace(/\W/g, "")}-${Date.now()}@example.com`,
          password: "correct horse battery",
          actor: CLI_ACTOR,
          activated: true,
        })
      ).merchant;
    const sender = await merchant("Pipeline Sender");
    const recipient = await merchant("Pipeline Recipient");
    const key = await createKeyPair(db, {
      merchantId: sender.id,
      mode: "test",
      config: { rateLimit: 1_000_000, initializeLimit: 1_000_000 },
      actor: CLI_ACTOR,
    });
    const { getWalletPayId } = await import("../../lib/payids/find-pay-id");
    const recipientPayId = (await getWalletPayId(db, { merchantId: recipient.id, mode: "test" }))!.payId;

    const initialize = (await import("../../app/v1/checkout/session/initialize/route")).POST as Handler;
    const verify = (await import("../../app/v1/checkout/session/[sessionId]/verify/route")).GET as Handler;
    const transfer = (await import("../../app/v1/checkout/transfer/route")).POST as Handler;
    const fund = (await import("../../app/v1/sandbox/wallet/fund/route")).POST as Handler;

    const secret = key.secretKey;
    const call = async (handler: Handler, method: string, path: string, body?: unknown, params: Record<string, string> = {}) => {
      const res = await handler(
        new Request(`http://127.0.0.1:3000${path}`, {
          method,
          headers: { "x-api-key": secret, "x-owo-peer-address": "127.0.0.1", ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        }),
        { params: Promise.resolve(params) },
      );
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as { data: Record<string, unknown> };
    };
    for (let i = 0; i < 2; i++) await call(fund, "POST", "/v1/sandbox/wallet/fund", { amount: 100_000_000_000 });
    const session = await call(initialize, "POST", "/v1/checkout/session/initialize", {
      amount: 250_000,
      email: "bench@example.com",
      reference: "pipeline-verify",
    });
    const sessionId = String(session.data.session_id);

    let n = 0;
    const targets: [string, () => Promise<unknown>][] = [
      [
        "session initialize",
        () =>
          call(initialize, "POST", "/v1/checkout/session/initialize", {
            amount: 250_000,
            email: "bench@example.com",
            customer_name: "Bench Customer",
            reference: `pipeline-${++n}`,
            callback_url: "https://shop.example.com/thanks",
            metadata: { order_id: n },
          }),
      ],
      [
        "transfer payid",
        () => call(transfer, "POST", "/v1/checkout/transfer", { type: "payid", pay_id: recipientPayId, amount: 10_000, reference: `pipeline-t-${++n}` }),
      ],
      ["session verify", () => call(verify, "GET", `/v1/checkout/session/${sessionId}/verify`, undefined, { sessionId })],
    ];
    const only = process.argv[3];
    for (const [label, send] of targets.filter(([label]) => !only || label.includes(only))) {
      for (let i = 0; i < 200; i++) await send(); // warm-up: JIT, prepared statements, caches
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      let left = requests;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (left-- > 0) await send();
        }),
      );
      const wall = performance.now() - t0;
      const used = process.cpuUsage(cpu);
      process.stdout.write(
        `${label}: ${((used.user + used.system) / 1000 / requests).toFixed(3)} ms CPU per request in this process, ${Math.round(requests / (wall / 1000))} req/s (${IN_FLIGHT} in flight)\n`,
      );
    }
  } finally {
    // The request log rows still buffered, before the database goes.
    await (await import("../../lib/observability/request-log-buffer")).flushRequestLogs().catch(() => {});
    await closeDb();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`pipeline bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
