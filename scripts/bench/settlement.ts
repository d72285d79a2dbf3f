// The settlement run, timed: a fresh PostgreSQL database, 100,000 static-account payments
// pending settlement (seeded set-based, their money in the ledger), then ONE runSettlement
// at their cutoff: batching (one statement) and payout of every batch. Target ≤ 10 s.
//
//   npm run bench -- --scenario settlement [--payments 100000] [--merchants 10] [--no-write]
//   (or directly: npx tsx scripts/bench/settlement.ts)
import fs from "node:fs";
import os from "node:os";
import { createTestDatabase } from "../../tests/test-database";

export const SETTLEMENT_TARGET_SECONDS = 10;
const START = "<!-- bench:settlement -->";
const END = "<!-- /bench:settlement -->";

export type SettlementBenchResult = {
  payments: number;
  merchants: number;
  seedSeconds: number;
  runSeconds: number;
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
    const { pendingSettlementAccount } = await import("../../lib/static-accounts/ledger-accounts");
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
      const { merchant } = await createMerchant(db, { name: `Settlement Bench ${i}`, type: "business", email: `settle-${i}-${Date.now()}@example.com`, password: "correct horse battery", actor: CLI_ACTOR });
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
      if (i % 5 === 4) await setSettlementSettings(db, { merchantId: merchant.id, mode: "test", destination: "bank_account", bankCode: "058", accountNumber: "0123456789" });
      seeded += n;
    }
    await queryRows(db, sql`analyze static_account_payments`);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    opts.log(`seeded in ${seedSeconds.toFixed(1)} s; running one settlement…`);

    const runStart = performance.now();
    const result = await runSettlement(db, { now: new Date() });
    const runSeconds = (performance.now() - runStart) / 1000;
    const [sent] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from settlement_payouts where destination = 'bank_account'`);
    const audit = await auditLedger(db);
    return { payments: seeded, merchants: opts.merchants, seedSeconds, runSeconds, result, bankPayoutsSent: sent?.n ?? 0, auditOk: audit.ok };
  } finally {
    await closeDb();
    await database.drop();
  }
}

export function settlementReport(r: SettlementBenchResult): string {
  const verdict = r.runSeconds <= SETTLEMENT_TARGET_SECONDS ? "within" : "OVER";
  return `${START}
## Settlement run (timed job, \`npm run bench -- --scenario settlement\`)

Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(2)} at the start of the run).
${r.payments.toLocaleString("en")} static-account payments pending settlement for ${r.merchants} merchants (one in five settling to a bank account),
seeded set-based with their money in the ledger, then ONE \`runSettlement\` at their cutoff:

| payments | batched | wallet_credit | bank payouts sent (pending at the sandbox bank) | run (s) | target (s) | ledger audit |
|---:|---:|---:|---:|---:|---:|:--|
| ${r.payments} | ${r.result.batched} | ${r.result.wallet_credit} | ${r.bankPayoutsSent} | ${r.runSeconds.toFixed(2)} | ≤ ${SETTLEMENT_TARGET_SECONDS} (${verdict}) | ${r.auditOk ? "ok" : "FAILED"} |

The cutoff is one statement (claim with SKIP LOCKED, INSERT … SELECT … GROUP BY for the
batches, one UPDATE for the payments); payout is one transaction per batch.
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
