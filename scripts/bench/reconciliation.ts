// The reconciliation run, timed (issue 27 item 6): a fresh PostgreSQL database, a ledger of
// 1,000,000 payments at a rail for one Lagos day (seeded set-based), and that day's statement of
// 1,000,000 lines as a CSV file, reconciled by ONE `reconcileDay`: the file streamed into
// statement lines (its peak memory sampled: it must stay flat), matched set-based, totals.
// Goal: ≤ 60 s. Floor: the same match as one hand-written UPDATE … FROM join, rolled back.
//
//   npm run bench -- --scenario reconciliation [--lines 1000000]
//   (or directly: BENCH_LINES=100000 npx tsx scripts/bench/reconciliation.ts)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestDatabase } from "../../tests/test-database";
import { figure, type Row } from "./table";

export const RECONCILIATION_GOAL_SECONDS = 60;
/** How much the process may grow while the file streams in, whatever its size. */
export const RECONCILIATION_MEMORY_GOAL_MB = 150;
const DAY = "2030-06-15";

export type ReconciliationBenchResult = {
  lines: number;
  seedSeconds: number;
  runSeconds: number;
  floorSeconds: number;
  matched: number;
  fileMB: number;
  /** Peak resident memory above the start of the run, MB. */
  memoryGrowthMB: number;
};

export async function runReconciliationBench(opts: { lines: number; log: (line: string) => void }): Promise<ReconciliationBenchResult> {
  const database = await createTestDatabase("owo_bench");
  if (!["127.0.0.1", "localhost", ""].includes(new URL(database.url).hostname)) {
    await database.drop();
    throw new Error("refusing to benchmark against a non-local database");
  }
  process.env.DATABASE_URL = database.url;
  process.env.OWO_QUIET = "1";
  process.env.OWO_RAILS = "paystack";
  process.env.PAYSTACK_SECRET_KEY ??= "sk_test_bench";
  process.env.PAYSTACK_BASE_URL = "http://127.0.0.1:9";
  const file = path.join(os.tmpdir(), `owo-bench-statement-${process.pid}.csv`);
  const { migrateDb } = await import("../../db/migrate");
  const { closeDb, getDb, queryRows } = await import("../../db/client");
  const { sql } = await import("drizzle-orm");
  try {
    await migrateDb();
    const db = await getDb();
    const { createMerchant } = await import("../../lib/merchants/create-merchant");
    const { CLI_ACTOR } = await import("../../lib/audit/record-audit");
    const { getWalletPayId } = await import("../../lib/payids/find-pay-id");
    const { configureRails } = await import("../../lib/rails/router");
    const { reconcileDay } = await import("../../lib/reconciliation/run-reconciliation");
    const { statementFileFromPath } = await import("../../lib/reconciliation/statement-file");
    configureRails({ live: ["paystack"], paystack: { secretKey: "sk_test_bench", baseUrl: "http://127.0.0.1:9" } });

    const seedStart = performance.now();
    opts.log(`seeding ${opts.lines} payments at paystack on ${DAY}…`);
    const { merchant } = await createMerchant(db, {
      name: "Reconciliation Bench",
      type: "business",
      email: `recon-bench-${Date.now()}@example.com`,
      password: "correct horse battery",
      actor: CLI_ACTOR,
      activated: true,
    });
    const wallet = (await getWalletPayId(db, { merchantId: merchant.id, mode: "live" }))!;
    // The ledger's payments, set-based; their triggers (rollups, customers, list counts) are not what this measures.
    await db.transaction(async (tx) => {
      await queryRows(tx, sql`set local session_replication_role = replica`);
      await queryRows(tx, sql`set local statement_timeout = 0`);
      await queryRows(
        tx,
        sql`insert into payments (id, reference, merchant_id, mode, channel, amount, fee, destination_kind, pay_id_id, settlement_pay_id_id, rail, rail_reference, rail_fee, paid_at)
            select gen_random_uuid(), 'paystack:T' || g, ${merchant.id}::uuid, 'live', 'bank_transfer', 10000 + (g % 5000), 100, 'wallet', ${wallet.id}::uuid, ${wallet.id}::uuid,
                   'paystack', 'T' || g, 50, ${`${DAY}T00:00:00+01:00`}::timestamptz + make_interval(secs => (g % 86000))
            from generate_series(1, ${opts.lines}::int) g`,
      );
    });
    await queryRows(db, sql`analyze payments`);
    // The statement: the same money as the provider's export (naira), written as a stream.
    await new Promise<void>((resolve, reject) => {
      const out = fs.createWriteStream(file);
      out.on("error", reject);
      out.write("Reference,Amount,Fees,Status,Paid At,Type\n");
      let g = 0;
      const more = () => {
        while (g < opts.lines) {
          g++;
          const kobo = 10000 + (g % 5000);
          const ok = out.write(`T${g},${Math.trunc(kobo / 100)}.${String(kobo % 100).padStart(2, "0")},0.50,success,${DAY} 10:00:00,credit\n`);
          if (!ok) return void out.once("drain", more);
        }
        out.end(resolve);
      };
      more();
    });
    const fileMB = fs.statSync(file).size / 1024 / 1024;
    const seedSeconds = (performance.now() - seedStart) / 1000;

    // The floor: a run's lines against the payments as one bare UPDATE … FROM join, on lines
    // stored straight from SQL (no file, no outcome rules), rolled back.
    opts.log(`seeded in ${seedSeconds.toFixed(1)} s (statement ${fileMB.toFixed(0)} MB); the floor…`);
    const rollback = new Error("bench floor: roll back");
    let floorSeconds = 0;
    await db
      .transaction(async (tx) => {
        // One statement over every line: past the app's per-statement limit at this size.
        await queryRows(tx, sql`set local statement_timeout = 0`);
        const [run] = await queryRows<{ id: string }>(
          tx,
          sql`insert into reconciliation_runs (id, rail, mode, day, source, source_key) values (gen_random_uuid(), 'paystack', 'live', ${DAY}::date, 'file', 'floor') returning id`,
        );
        await queryRows(
          tx,
          sql`insert into statement_lines (id, run_id, rail, mode, direction, provider_reference, status, amount, source)
              select gen_random_uuid(), ${run!.id}::uuid, 'paystack', 'live', 'in', 'T' || g, 'success', 10000 + (g % 5000), 'file' from generate_series(1, ${opts.lines}::int) g`,
        );
        const floorStart = performance.now();
        await queryRows(
          tx,
          sql`update statement_lines l set outcome = 'matched', matched_kind = 'payment', matched_reference = p.reference
              from payments p where l.run_id = ${run!.id}::uuid and p.rail = l.rail and p.rail_reference = l.provider_reference and p.amount = l.amount`,
        );
        floorSeconds = (performance.now() - floorStart) / 1000;
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
    await queryRows(db, sql`vacuum analyze statement_lines`);

    opts.log(`floor ${floorSeconds.toFixed(2)} s; one reconcileDay of the file…`);
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const runStart = performance.now();
    const { summary } = await reconcileDay(db, { rail: "paystack", day: DAY, file: statementFileFromPath(file, "paystack"), startedBy: "bench" });
    const runSeconds = (performance.now() - runStart) / 1000;
    clearInterval(sampler);
    return { lines: summary.lines, seedSeconds, runSeconds, floorSeconds, matched: summary.matched, fileMB, memoryGrowthMB: (peak - base) / 1024 / 1024 };
  } finally {
    fs.rmSync(file, { force: true });
    await closeDb();
    await database.drop();
  }
}

/** The run as a row of the results table: lines reconciled per second beside the floor's. */
export function reconciliationRow(r: ReconciliationBenchResult): Row {
  return {
    scenario: "reconciliation",
    goalId: "reconciliation",
    target: `reconcile ${r.lines.toLocaleString("en")} lines vs ${r.lines.toLocaleString("en")} ledger entries`,
    ours: figure({ connections: 1, rate: r.lines / r.runSeconds, errors: r.lines - r.matched, total: r.lines }),
    floor: figure({ connections: 1, rate: r.lines / r.floorSeconds, total: r.lines }),
    unit: "lines/s",
    oursNote: ` (${r.runSeconds.toFixed(1)} s with the ${r.fileMB.toFixed(0)} MB file streamed in, memory +${r.memoryGrowthMB.toFixed(0)} MB)`,
    floorNote: ` (${r.floorSeconds.toFixed(2)} s: the join alone)`,
    goal: {
      text: `≤ ${RECONCILIATION_GOAL_SECONDS} s, memory +≤ ${RECONCILIATION_MEMORY_GOAL_MB} MB`,
      met: r.matched === r.lines && r.runSeconds <= RECONCILIATION_GOAL_SECONDS && r.memoryGrowthMB <= RECONCILIATION_MEMORY_GOAL_MB,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  runReconciliationBench({ lines: Number(process.env.BENCH_LINES ?? 1_000_000), log }).then(
    (r) => {
      process.stdout.write(`${JSON.stringify(r)}\n`);
      process.exit(0);
    },
    (err: unknown) => {
      log(String((err as Error).stack ?? err));
      process.exit(1);
    },
  );
}
