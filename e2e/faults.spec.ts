// Fault tests (issue 8) against `next start` of the production build on a PostgreSQL
// database of the spec's own (tests/instances.ts): the app SIGKILLed in the middle of a
// payment and payout load, then restarted; and every database connection terminated
// (pg_terminate_backend) several times during load. Afterwards nothing is lost, nothing is
// half-written, no transfer reaches the bank twice, and the app serves again.
import { expect, test } from "@playwright/test";
import { api, ledgerAudit, makeMerchantKey, openAppDatabase, startInstance, type ApiAnswer, type AppDatabase, type AppInstance } from "../tests/instances";

test.describe.configure({ mode: "serial" });

let db: AppDatabase;
let app: AppInstance;
let key: Awaited<ReturnType<typeof makeMerchantKey>>;
const FUNDS = 50_000_000;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  db = await openAppDatabase();
  // The in-process scheduler runs (fast), as in production: the kill can land mid-pass too.
  app = await startInstance({ name: "faults", databaseUrl: db.url, env: { SCHEDULER: "on", SCHEDULER_INTERVAL_MS: "500" } });
  key = await makeMerchantKey();
  const fund = await api(app.url, key.secretKey, "POST", "/v1/sandbox/wallet/fund", { amount: FUNDS });
  expect(fund.status, fund.text).toBe(200);
});

test.afterAll(async () => {
  await app?.stop();
  await db?.close();
});

type Sent = { kind: "payment" | "transfer"; ref: string; answer: ApiAnswer<{ reference: string }> };

const transferBody = (reference: string) => ({
  type: "bank_transfer",
  account_number: "0123456789",
  bank_code: "058",
  account_name: "ADA OBI",
  amount: 20_000,
  reference,
});

/**
 * Mixed load until stop() is called: `concurrency` clients, each alternating a sandbox payment
 * into the wallet and a bank transfer out of it (each transfer with its own idempotent reference).
 */
function startLoad(tag: string, concurrency = 6) {
  const sent: Sent[] = [];
  let stopped = false;
  let n = 0;
  const worker = async () => {
    while (!stopped) {
      const i = n++;
      if (i % 2 === 0) {
        const ref = `${tag}-pay-${i}`;
        sent.push({
          kind: "payment",
          ref,
          answer: await api(app.url, key.secretKey, "POST", "/v1/sandbox/payments", { pay_id: key.walletPayId, amount: 10_000, narration: ref }),
        });
      } else {
        const ref = `${tag}-trf-${i}`;
        sent.push({ kind: "transfer", ref, answer: await api(app.url, key.secretKey, "POST", "/v1/checkout/transfer", transferBody(ref)) });
      }
    }
  };
  const workers = Promise.all(Array.from({ length: concurrency }, worker));
  return {
    sent,
    async stop() {
      stopped = true;
      await workers;
    },
  };
}

/** Retries every transfer whose answer was lost or failed, with the same reference: one transfer each in the end. */
async function retryUnanswered(sent: Sent[]) {
  for (const s of sent.filter((x) => x.kind === "transfer" && x.answer.status !== 200)) {
    const again = await api<{ reference: string }>(app.url, key.secretKey, "POST", "/v1/checkout/transfer", transferBody(s.ref));
    expect(again.status, again.text).toBe(200);
  }
}

/** Scheduler passes until no transfer is pending (a lease a dead pass held is let run out, as its expiry would). */
async function settleTransfers() {
  for (let pass = 0; pass < 10; pass++) {
    await db.sql`update transfers set next_check_at = now() where status = 'pending' and next_check_at > now()`;
    const run = await app.cron();
    expect(run.status).toBe(200);
    const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from transfers where status = 'pending'`;
    if (row!.n === 0) return;
  }
  throw new Error("transfers still pending after 10 scheduler passes");
}

/** Everything that must hold whatever happened to the requests. */
async function expectConsistent(sent: Sent[]) {
  const audit = await ledgerAudit();
  expect(audit, JSON.stringify(audit)).toMatchObject({ ok: true });

  // Every payment answered 200 exists, with its ledger entry; no payment row without its
  // entry, and no payment entry without its row.
  const answered = sent.filter((s) => s.kind === "payment" && s.answer.status === 200).map((s) => s.answer.body!.data!.reference);
  const paid = await db.sql<{ reference: string }[]>`select reference from payments where reference in ${db.sql(answered.length ? answered : ["-"])}`;
  expect(paid).toHaveLength(answered.length);
  const [orphans] = (await db.sql`
    select (select count(*)::int from payments p where not exists (select 1 from journal_entries j where j.reference = p.reference)) as payments_without_entry,
           (select count(*)::int from journal_entries j where j.kind = 'payment' and not exists (select 1 from payments p where p.reference = j.reference)) as entries_without_payment,
           (select count(*)::int from transfers t where (select count(*) from journal_entries j where j.reference = t.reference || ':debit') <> 1) as transfers_without_one_debit,
           (select count(*)::int from journal_entries j where j.kind = 'transfer_debit' and not exists (select 1 from transfers t where t.reference || ':debit' = j.reference)) as debits_without_transfer,
           (select count(*)::int from sandbox_bank_transfers s where not exists (select 1 from transfers t where t.reference = s.reference and t.amount = s.amount)) as bank_without_transfer,
           (select count(*)::int from transfers t where t.status <> 'pending' and (select count(*) from sandbox_bank_transfers s where s.reference = t.reference) <> 1) as sent_not_once
  `) as unknown as [Record<string, number>];
  expect(orphans).toEqual({
    payments_without_entry: 0,
    entries_without_payment: 0,
    transfers_without_one_debit: 0,
    debits_without_transfer: 0,
    bank_without_transfer: 0,
    sent_not_once: 0,
  });

  // Every caller reference is one transfer (the bank deduplicates on ours, so one transfer
  // is at most one bank transfer: checked above), and every answered one exists.
  const dup = await db.sql<{ merchant_reference: string; n: number }[]>`
    select merchant_reference, count(*)::int as n from transfers where merchant_id = ${key.merchantId} group by merchant_reference having count(*) > 1`;
  expect(dup).toEqual([]);
  const refs = sent.filter((s) => s.kind === "transfer").map((s) => s.ref);
  const rows = await db.sql<
    { merchant_reference: string; status: string }[]
  >`select merchant_reference, status from transfers where merchant_reference in ${db.sql(refs)}`;
  expect(rows).toHaveLength(refs.length);
  expect(rows.filter((r) => r.status !== "completed")).toEqual([]);

  // The wallet holds exactly what the business rows say: funding + payments in − transfers out.
  const [w] = (await db.sql`
    select (select balance from ledger_accounts where merchant_id = ${key.merchantId} and kind = 'wallet' and mode = 'test')::bigint::text as balance,
           (select coalesce(sum(amount - fee), 0) from payments where merchant_id = ${key.merchantId})::bigint::text as paid_in,
           (select coalesce(sum(amount + fee + vat + stamp_duty), 0) from transfers where merchant_id = ${key.merchantId} and status <> 'failed')::bigint::text as paid_out
  `) as unknown as [{ balance: string; paid_in: string; paid_out: string }];
  expect(Number(w.balance)).toBe(FUNDS + Number(w.paid_in) - Number(w.paid_out));
}

test("SIGKILL in the middle of a payment and payout load: after restart the ledger holds, no payment is lost, no transfer is sent twice", async () => {
  test.setTimeout(100_000);
  const load = startLoad("kill");
  // Let the load and the scheduler get going, then kill the whole instance without warning.
  await expect.poll(() => load.sent.filter((s) => s.answer.status === 200).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(30);
  await app.kill("SIGKILL");
  await load.stop();
  const lost = load.sent.filter((s) => s.answer.status === 0).length;
  expect(load.sent.filter((s) => s.answer.status === 200).length).toBeGreaterThanOrEqual(30);
  // Nothing but success or a lost connection: no error answered before the kill.
  expect(load.sent.filter((s) => s.answer.status !== 200 && s.answer.status !== 0).map((s) => s.answer.text)).toEqual([]);
  expect(lost).toBeGreaterThan(0);

  await app.start();
  await retryUnanswered(load.sent);
  await settleTransfers();
  await expectConsistent(load.sent);
});

test("database connections dropped mid-request: every answer is 2xx or a clean INTERNAL_ERROR, nothing is half-written, and the app serves again", async () => {
  test.setTimeout(100_000);
  const load = startLoad("drop");
  await expect.poll(() => load.sent.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
  let terminated = 0;
  for (let i = 0; i < 4; i++) {
    terminated += await db.dropConnections();
    await new Promise((r) => setTimeout(r, 700));
  }
  await load.stop();
  expect(terminated).toBeGreaterThan(0);

  const failures = load.sent.filter((s) => s.answer.status !== 200);
  for (const f of failures) {
    // A clean 5xx: the envelope, INTERNAL_ERROR, the correlation id (header and body), no stack.
    expect(f.answer.status, f.answer.text).toBe(500);
    expect(f.answer.body).toMatchObject({ success: false, error: { code: "INTERNAL_ERROR" } });
    expect(f.answer.body!.correlationId).toBeTruthy();
    expect(f.answer.headers.get("x-correlation-id")).toBe(f.answer.body!.correlationId);
    expect(f.answer.text).not.toMatch(/\bat \S+ \(|\.ts:\d+|node_modules|stack/i);
  }

  // It serves again: the next requests succeed.
  const after = startLoad("after", 2);
  await expect.poll(() => after.sent.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
  await after.stop();
  expect(
    after.sent.map((s) => s.answer.status),
    `${after.sent
      .filter((s) => s.answer.status !== 200)
      .map((s) => `${s.ref}: ${s.answer.text}`)
      .join("\n")}\n${app
      .logTail(400)
      .split("\n")
      .filter((l) => /error|warn|fatal/i.test(l))
      .slice(-15)
      .join("\n")}`,
  ).toEqual(after.sent.map(() => 200));

  await retryUnanswered(load.sent);
  await settleTransfers();
  await expectConsistent([...load.sent, ...after.sent]);
});
