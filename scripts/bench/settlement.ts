// The settlement run, timed: a fresh PostgreSQL database, 100,000 static-account payments
// pending settlement (seeded set-based, their money in the ledger), then ONE runSettlement
// at their cutoff: batching (one statement) and payout of every batch. Goal (issue 17): ≤ 2 s, ledger audit ok.
//
//   npm run bench -- --scenario settlement [--payments 100000] [--merchants 10] [--no-write]
//   (or directly: npx tsx scripts/bench/settlement.ts)
import fs from "node:fs";
import os from "node:os";
import { createTestDatabase } from "../../tests/test-database";
import { SETTLEMENT_GOAL_SECONDS } from "./goals";
import { figure, type Row } from "./table";

export const SETTLEMENT_TARGET_SECONDS = SETTLEMENT_GOAL_SECONDS;
const START = "<!-- bench:settlement -->";
const END = "<!-- /bench:settlement -->";

export type SettlementBenchResult = {
  payments: number;
  merchants: number;
  seedSeconds: number;
  runSeconds: number;
  /** The floor: one bare INSERT … SELECT … GROUP BY of the batches + UPDATE of the same payments (rolled back). */
  floorSeconds: number;
  result: { batched: number; paid_out: number; wallet_credit: number; failed: number };
  bankPayoutsSent: number;
  auditOk: boolean;
};

export async function runSettlementBench(opts: { payments: number; merchants: number; log: (line: string) => void }): Promise<SettlementBenchResult> {
  const database = await createTestDatabase("owo_bench");
  if (!["127.0.0.1", "localhost", ""].includes(new URL(database.url).hostname)) {
    await database.drop();
    throw new Error("refusing to benchmark against a non-local database");
  }
  process.env.DATABASE_URL = database.url;
  process.env.OWO_QUIET = "1";
  const { migrateDb } = await import("../../db/migrate");
  const { closeDb, getDb, queryRows } = await import("../../db/client");
  const { sql } = await import("drizzle-orm");
  try {
    await migrateDb();
    const db = await getDb();
    const { createMerchant } = await import("../../lib/merchants/create-merchant");
    const { CLI_ACTOR } = await import("../../lib/audit/record-audit");
    const { platformAccount } = await import("../../lib/ledger/accounts");
    const { pendingSettlementAccount } = await import("../../lib/ledger/pending-settlement");
    const { postEntry } = await import("../../lib/ledger/post-entry");
    const { setSettlementSettings } = await import("../../lib/settlement/settlement-settings");
    const { runSettlement } = await import("../../lib/settlement/run-settlement");
    const { auditLedger } = await import("../../lib/ledger/audit-ledger");

    const perMerchant = Math.ceil(opts.payments / opts.merchants);
    const cutoff = new Date(Date.now() - 60_000);
    const seedStart = performance.now();
    opts.log(`seeding ${opts.payments} pending payments for ${opts.merchants} merchants…`);
    let seeded = 0;
    for (let i = 0; i < opts.merchants; i++) {
      const n = Math.min(perMerchant, opts.payments - seeded);
      if (n <= 0) break;
      const { merchant } = await createMerchant(db, {
        name: `Settlement Bench ${i}`,
        type: "business",
        email: `settle-${i}-${Date.now()}@example.com`,
        password: "correct horse battery",
        actor: CLI_ACTOR,
        activated: true,
      });
      const accountId = `sa_bench${i}`;
      await queryRows(
        db,
        sql`insert into static_accounts (id, merchant_id, mode, reference, provider, account_number, account_name, bank_name, customer_name, identity_type, identity_number_hash, identity_last4)
            values (${accountId}, ${merchant.id}::uuid, 'test', ${`bench-${i}`}, 'sandbox', ${String(9_000_000_000 + i)}, 'Owo/Bench', 'Wema Bank', 'Bench Customer', 'bvn', ${`hash-${i}`}, '1234')`,
      );
      // Amounts 5,000–14,999 kobo, fee 0.5% (rounded); the total net booked in one ledger entry.
      const [totals] = await queryRows<{ gross: string; fees: string }>(
        db,
        sql`with ins as (
              insert into static_account_payments (id, static_account_id, merchant_id, mode, reference, amount, fee, received_at, expected_payout_at)
              select gen_random_uuid(), ${accountId}, ${merchant.id}::uuid, 'test', ${`bench_${i}_`} || g, 5000 + (g % 10000), round((5000 + (g % 10000)) * 0.005)::bigint,
                     ${cutoff.toISOString()}::timestamptz - interval '1 hour', ${cutoff.toISOString()}::timestamptz
              from generate_series(1, ${n}::int) g
              returning amount, fee)
            select sum(amount)::text as gross, sum(fee)::text as fees from ins`,
      );
      await db.transaction(async (tx) => {
        const [clearing, fees] = [await platformAccount(tx, "test", "bank_clearing"), await platformAccount(tx, "test", "fee_revenue")];
        const pending = await pendingSettlementAccount(tx, { merchantId: merchant.id, mode: "test" });
        await postEntry(tx, {
          reference: `bench-book-${i}`,
          mode: "test",
          merchantId: merchant.id,
          kind: "static_account_payment",
          moves: [
            { from: clearing.id, to: pending.id, amount: Number(totals!.gross) },
            { from: pending.id, to: fees.id, amount: Number(totals!.fees) },
          ],
        });
      });
      // Every fifth merchant settles to a bank account (the sandbox bank answers pending).
      if (i % 5 === 4)
        await setSettlementSettings(db, { merchantId: merchant.id, mode: "test", destination: "bank_account", bankCode: "058", accountNumber: "0123456789" });
      seeded += n;
    }
    await queryRows(db, sql`analyze static_account_payments`);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    opts.log(`seeded in ${seedSeconds.toFixed(1)} s; the floor (one bare statement, rolled back)…`);

    // The floor: the same rows batched by one bare statement (no claim, no payouts, no ledger),
    // rolled back so the run below finds them untouched; VACUUM clears what it left behind.
    const rollback = new Error("bench floor: roll back");
    let floorSeconds = 0;
    await db
      .transaction(async (tx) => {
        const floorStart = performance.now();
        await queryRows(
          tx,
          sql`with batches as (
                insert into settlement_batches (id, merchant_id, mode, cutoff_at, payment_count, gross, fees, net, status)
                select gen_random_uuid(), merchant_id, mode, now(), count(*)::int, sum(amount), sum(fee), sum(amount - fee), 'open'
                from static_account_payments where settlement_status = 'pending_settlement' and expected_payout_at <= now()
                group by merchant_id, mode
                returning id, merchant_id, mode)
              update static_account_payments p set settlement_status = 'batched', batch_id = b.id, updated_at = now()
              from batches b
              where p.merchant_id = b.merchant_id and p.mode = b.mode and p.settlement_status = 'pending_settlement' and p.expected_payout_at <= now()`,
        );
        floorSeconds = (performance.now() - floorStart) / 1000;
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
    await queryRows(db, sql`vacuum analyze static_account_payments`);
    await queryRows(db, sql`vacuum analyze settlement_batches`);
    opts.log(`floor ${floorSeconds.toFixed(2)} s; running one settlement…`);

    const runStart = performance.now();
    const result = await runSettlement(db, { now: new Date() });
    const runSeconds = (performance.now() - runStart) / 1000;
    const [sent] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from settlement_payouts where destination = 'bank_account'`);
    const audit = await auditLedger(db);
    return { payments: seeded, merchants: opts.merchants, seedSeconds, runSeconds, floorSeconds, result, bankPayoutsSent: sent?.n ?? 0, auditOk: audit.ok };
  } finally {
    await closeDb();
    await database.drop();
  }
}

/** The settlement run as a row of the results table: payments settled per second beside the floor's. */
export function settlementRow(r: SettlementBenchResult): Row {
  return {
    scenario: "settlement",
    goalId: "settlement",
    target: `settlement of ${r.payments.toLocaleString("en")} payments`,
    ours: figure({ connections: 1, rate: r.payments / r.runSeconds, errors: r.auditOk ? r.payments - r.result.batched : r.payments, total: r.payments }),
    floor: figure({ connections: 1, rate: r.payments / r.floorSeconds, total: r.payments }),
    unit: "payments/s",
    oursNote: ` (${r.runSeconds.toFixed(2)} s)`,
    floorNote: ` (${r.floorSeconds.toFixed(2)} s)`,
    goal: {
      text: `≤ ${SETTLEMENT_TARGET_SECONDS} s, audit ok`,
      met: r.auditOk && r.result.batched === r.payments && r.runSeconds <= SETTLEMENT_TARGET_SECONDS,
    },
  };
}

export function settlementReport(r: SettlementBenchResult): string {
  const verdict = r.runSeconds <= SETTLEMENT_TARGET_SECONDS ? "within" : "OVER";
  return `${START}
## Settlement run (timed job, \`npm run bench -- --scenario settlement\`)

Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(2)} at the start of the run).
${r.payments.toLocaleString("en")} static-account payments pending settlement for ${r.merchants} merchants (one in five settling to a bank account),
seeded set-based with their money in the ledger, then ONE \`runSettlement\` at their cutoff:

| payments | batched | wallet_credit | bank payouts sent (pending at the sandbox bank) | run (s) | floor (s) | target (s) | ledger audit |
|---:|---:|---:|---:|---:|---:|---:|:--|
| ${r.payments} | ${r.result.batched} | ${r.result.wallet_credit} | ${r.bankPayoutsSent} | ${r.runSeconds.toFixed(2)} | ${r.floorSeconds.toFixed(2)} | ≤ ${SETTLEMENT_TARGET_SECONDS} (${verdict}) | ${r.auditOk ? "ok" : "FAILED"} |

The cutoff is one statement that writes each payment once (the UPDATE of the due payments,
the batches summed from the rows it changed; cutoffs take turns on an advisory lock); merchants
paid to a wallet are paid in that statement too (payments straight to \`wallet_credit\`, batch and
payout rows written as paid) with one ledger entry per batch in the same transaction; a bank
payout is one transaction per batch, then the bank call. The floor is the batching alone as one
bare statement (no payouts, no ledger) on the same rows, timed inside a transaction that is
rolled back before the run.
${END}
`;
}

export function writeSettlementReport(file: string, section: string): void {
  let text = "";
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    /* none yet */
  }
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  const next = a >= 0 && b > a ? text.slice(0, a) + section.trimEnd() + text.slice(b + END.length) : `${text.trimEnd()}\n\n${section}`;
  fs.writeFileSync(file, next.endsWith("\n") ? next : `${next}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  runSettlementBench({ payments: Number(process.env.BENCH_PAYMENTS ?? 100_000), merchants: Number(process.env.BENCH_MERCHANTS ?? 10), log }).then(
    (r) => {
      process.stdout.write(settlementReport(r));
      process.exit(0);
    },
    (err: unknown) => {
      log(`settlement bench failed: ${err instanceof Error ? err.stack : String(err)}`);
      process.exit(1);
    },
  );
}
