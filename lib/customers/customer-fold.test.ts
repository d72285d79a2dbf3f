import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { getDb, queryRows, type DbOrTx } from "@/db/client";
import { foldPendingCustomers } from "@/db/statements/customers";
import { customerPaymentsPending, customers, payments, type Mode } from "@/db/schema";
import { makeSandboxPayment } from "@/lib/payments/sandbox-payment";
import { JOBS } from "@/lib/scheduler/jobs";
import { makeKey } from "@/tests/factories";
import { closeLockObserver, lockObserver } from "@/tests/lock-observer";
import { untilArrived } from "@/tests/lock-waits";
import { insertPayment, receivingMerchant, type ReceivingMerchant } from "@/tests/receiving-rows";
import { fund, initiateOk } from "@/tests/transfers";
import { findCustomer, listCustomers, parseCustomerSearch } from "./list-customers";

afterAll(closeLockObserver);

/** A kept customer row as the tests compare it (times as text, exact to the microsecond). */
type Kept = {
  key: string;
  name: string | null;
  email: string | null;
  payer_bank: string | null;
  payer_account: string | null;
  payments_count: number;
  total_amount: number;
  first_paid_at: string;
  last_paid_at: string;
  last_channel: string;
  channels: string[];
};

const KEPT_COLUMNS = sql.raw(
  `key, name, email, payer_bank, payer_account, payments_count::int as payments_count, total_amount::int as total_amount,
   first_paid_at::text as first_paid_at, last_paid_at::text as last_paid_at, last_channel, channels`,
);

/** The merchant's customers rows as stored now, without folding. */
async function stored(db: DbOrTx, merchantId: string, mode: Mode = "test"): Promise<Kept[]> {
  return queryRows<Kept>(db, sql`select ${KEPT_COLUMNS} from ${customers} where merchant_id = ${merchantId} and mode = ${mode} order by key`);
}

async function pendingCount(merchantId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from ${customerPaymentsPending} where merchant_id = ${merchantId}`);
  return row!.n;
}

const list = async (merchantId: string, mode: Mode = "test") => listCustomers(await getDb(), { merchantId, mode, ...parseCustomerSearch({}) });

/**
 * Migration 0024's trigger, applied to a scratch copy of `customers` one payment at a time:
 * each batch's payments (ids in the order they were booked) in paid_at order, ties in booking
 * order, each batch after the one before. What the fold must equal.
 */
async function oneByOne(batches: string[][], keys: string[]): Promise<Kept[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`create temp table ref_customers (like customers including defaults including indexes) on commit drop`);
    for (const batch of batches) {
      const order = await queryRows<{ id: string }>(
        tx,
        sql`select p.id from unnest(${`{${batch.join(",")}}`}::uuid[]) with ordinality b(id, i) join payments p on p.id = b.id order by p.paid_at, b.i`,
      );
      for (const { id } of order) {
        await tx.execute(sql`
          insert into ref_customers as c (merchant_id, mode, key, name, email, payer_bank, payer_account, payments_count, total_amount, first_paid_at, last_paid_at, last_channel, channels)
          select p.merchant_id, p.mode, p.customer_key, coalesce(nullif(btrim(p.customer_name), ''), nullif(btrim(p.payer ->> 'name'), '')), nullif(btrim(p.customer_email), ''),
                 nullif(btrim(p.payer ->> 'bank'), ''), nullif(btrim(p.payer ->> 'account'), ''), 1, p.amount, p.paid_at, p.paid_at, p.channel, array[p.channel]
          from payments p where p.id = ${id}::uuid
          on conflict (merchant_id, mode, key) do update set
            payments_count = c.payments_count + 1,
            total_amount = c.total_amount + excluded.total_amount,
            first_paid_at = least(c.first_paid_at, excluded.first_paid_at),
            last_paid_at = greatest(c.last_paid_at, excluded.last_paid_at),
            last_channel = case when excluded.last_paid_at >= c.last_paid_at then excluded.last_channel else c.last_channel end,
            channels = case when excluded.last_channel = any (c.channels) then c.channels else c.channels || excluded.last_channel end,
            name = case when excluded.last_paid_at >= c.last_paid_at then coalesce(excluded.name, c.name) else coalesce(c.name, excluded.name) end,
            email = coalesce(c.email, excluded.email),
            payer_bank = case when excluded.payer_account is not null and excluded.last_paid_at >= c.last_paid_at then excluded.payer_bank else coalesce(c.payer_bank, excluded.payer_bank) end,
            payer_account = case when excluded.payer_account is not null and excluded.last_paid_at >= c.last_paid_at then excluded.payer_account else coalesce(c.payer_account, excluded.payer_account) end`);
      }
    }
    return queryRows<Kept>(tx, sql`select ${KEPT_COLUMNS} from ref_customers where key = any (${`{${keys.join(",")}}`}::text[]) order by key`);
  });
}

describe("customers folded from pending payments (migration 0033)", () => {
  it("rule: a payment's commit no longer writes customers: it appends one pending row, and the kept row stays as it was until a read folds it", async () => {
    const m = await receivingMerchant();
    const db = await getDb();
    await makeSandboxPayment(db, { mode: "test", body: { pay_id: m.walletPayId, amount: 10_000, payer: { name: "Bola Ade" } } });
    await list(m.merchantId);
    const before = await stored(db, m.merchantId);
    expect(before.map((c) => [c.key, c.payments_count, c.total_amount])).toEqual([["name:bola ade", 1, 10_000]]);

    // Booked and committed through receivePayment: the customer's row is not touched …
    await makeSandboxPayment(db, { mode: "test", body: { pay_id: m.walletPayId, amount: 25_000, payer: { name: "Bola Ade" } } });
    await makeSandboxPayment(db, { mode: "test", body: { pay_id: m.walletPayId, amount: 5_000, payer: { name: "Kunle Ade" } } });
    expect(await stored(db, m.merchantId)).toEqual(before);
    expect(await pendingCount(m.merchantId)).toBe(2);
    // … nor is it by a PayID transfer's payment to this merchant (the transfer's own statement).
    const sender = await makeKey({ config: { rateLimit: 100_000 } });
    await fund(sender, 1_000_000);
    await initiateOk(sender, { type: "payid", pay_id: m.walletPayId, amount: 20_000, reference: `fold-${m.merchantId.slice(0, 8)}` });
    expect(await stored(db, m.merchantId)).toEqual(before);
    expect(await pendingCount(m.merchantId)).toBe(3);

    // The read folds them.
    const page = await list(m.merchantId);
    expect(await pendingCount(m.merchantId)).toBe(0);
    expect(page.total).toBe(3);
    const bola = page.items.find((c) => c.key === "name:bola ade")!;
    expect([bola.paymentsCount, bola.totalAmount]).toEqual([2, 35_000]);
  });

  it("rule: a payment is visible in the customers list, on its customer's page and in the list's total immediately: each read folds what is pending first", async () => {
    const m = await receivingMerchant();
    const db = await getDb();
    await makeSandboxPayment(db, { mode: "test", body: { pay_id: m.walletPayId, amount: 12_000, payer: { name: "Ifeoma Nwosu" } } });
    const first = await list(m.merchantId);
    expect(first.items.map((c) => [c.name, c.paymentsCount, c.totalAmount])).toEqual([["Ifeoma Nwosu", 1, 12_000]]);

    // A second payment right after: the next read of either page already counts it.
    await makeSandboxPayment(db, { mode: "test", body: { pay_id: m.walletPayId, amount: 3_000, payer: { name: "IFEOMA NWOSU " } } });
    const one = await findCustomer(db, { merchantId: m.merchantId, mode: "test", id: first.items[0]!.id });
    expect([one?.name, one?.paymentsCount, one?.totalAmount]).toEqual(["IFEOMA NWOSU", 2, 15_000]);

    // A sender's PayID transfer shows on the recipient's list at once.
    const sender = await makeKey({ config: { rateLimit: 100_000 } });
    await fund(sender, 1_000_000);
    await initiateOk(sender, { type: "payid", pay_id: m.walletPayId, amount: 40_000, reference: `vis-${m.merchantId.slice(0, 8)}` });
    const after = await list(m.merchantId);
    expect(after.total).toBe(2);
    expect(after.items[0]).toMatchObject({ paymentsCount: 1, totalAmount: 40_000, lastChannel: "payid", channels: ["payid"] });
  });

  it("rule: two payments of one customer in one fold aggregate exactly as one by one: count, total, last channel by the newest, the newer payment's name", async () => {
    const m = await receivingMerchant();
    const db = await getDb();
    const email = "tolu@shop.example";
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute));
    const a = await insertPayment(m, { customerEmail: email, customerName: "Tolu", channel: "card", amount: 50_000, paidAt: at(1), payer: { name: "Tolu" } });
    const b = await insertPayment(m, {
      customerEmail: "Tolu@Shop.example ",
      customerName: "Tolulope Bello",
      channel: "bank_transfer",
      amount: 20_000,
      paidAt: at(2),
      payer: { name: "Tolulope Bello", bank: "Access", account: "0690000031" },
    });
    expect(await foldPendingCustomers(db, { merchantId: m.merchantId, mode: "test" })).toBe(2);
    const [kept] = await stored(db, m.merchantId);
    expect(kept).toMatchObject({
      key: email,
      name: "Tolulope Bello",
      email,
      payer_bank: "Access",
      payer_account: "0690000031",
      payments_count: 2,
      total_amount: 70_000,
      last_channel: "bank_transfer",
      channels: ["card", "bank_transfer"],
    });
    expect([kept]).toEqual(await oneByOne([[a.id, b.id]], [email]));
  });

  it("rule: whatever their order, ties and gaps, payments folded in batches equal 0024's trigger applied one by one in paid_at order (every column, older payments folded after newer ones included)", async () => {
    const m = await receivingMerchant();
    const db = await getDb();
    const opt = <T>(values: T[]) => fc.constantFrom(...values);
    const payment = fc.record({
      who: fc.integer({ min: 0, max: 1 }),
      minute: fc.integer({ min: 0, max: 6 }),
      channel: opt(["card", "bank_transfer", "payid"]),
      emailCase: opt(["lower", "upper", "spaced"]),
      customerName: opt([null, "", "  ", "Ada Obi", "Adaeze"]),
      payerName: opt([undefined, "ADA OBI", " Ada "]),
      bank: opt([undefined, "", "GTBank", "Access"]),
      account: opt([undefined, "", "0123456789", "0690000031"]),
      amount: fc.integer({ min: 100, max: 1_000_000 }),
      batch: fc.integer({ min: 0, max: 2 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(payment, { minLength: 1, maxLength: 9 }), async (list) => {
        run++;
        const emails = [0, 1].map((w) => `p${run}-${w}-${m.merchantId.slice(0, 8)}@fold.example`);
        const batches: string[][] = [[], [], []];
        for (const batchNo of [0, 1, 2]) {
          for (const p of list.filter((x) => x.batch === batchNo)) {
            const e = emails[p.who]!;
            const payer: Record<string, string> = {};
            if (p.payerName !== undefined) payer.name = p.payerName;
            if (p.bank !== undefined) payer.bank = p.bank;
            if (p.account !== undefined) payer.account = p.account;
            const row = await insertPayment(m, {
              customerEmail: p.emailCase === "lower" ? e : p.emailCase === "upper" ? e.toUpperCase() : ` ${e} `,
              customerName: p.customerName,
              channel: p.channel,
              amount: p.amount,
              paidAt: new Date(Date.UTC(2026, 0, 5, 9, p.minute)),
              payer,
            });
            batches[batchNo]!.push(row.id);
          }
          // Each batch is one fold (a read), the next batch's payments booked after it.
          await foldPendingCustomers(db, { merchantId: m.merchantId, mode: "test" });
        }
        const expected = await oneByOne(batches, emails);
        const actual = (await stored(db, m.merchantId)).filter((c) => emails.includes(c.key));
        expect(actual).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it("rule: concurrent folds on two connections count each pending row once: the second waits for the first's lock, then folds only what is still pending", async () => {
    const m = await receivingMerchant();
    const db = await getDb();
    const scope = { merchantId: m.merchantId, mode: "test" as const };
    for (let i = 0; i < 5; i++)
      await insertPayment(m, { customerEmail: "race@fold.example", amount: 1_000 + i, paidAt: new Date(Date.UTC(2026, 0, 6, 10, i)) });

    // The first fold runs inside a transaction held open (its lock and upsert not committed yet).
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let holder!: (pid: number) => void;
    const holderPid = new Promise<number>((r) => (holder = r));
    const first = db.transaction(async (tx) => {
      const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      const folded = await foldPendingCustomers(tx, scope);
      holder(me!.pid);
      await gate;
      return folded;
    });
    const pid = await holderPid;
    // The second, on another connection, waits on the first's advisory lock …
    const second = foldPendingCustomers(db, scope);
    await untilArrived(await lockObserver(), pid, [second]);
    // … while a payment is booked and committed (not seen by the first fold).
    await insertPayment(m, { customerEmail: "race@fold.example", amount: 7_000, paidAt: new Date(Date.UTC(2026, 0, 6, 10, 9)) });
    release();
    expect(await first).toBe(5);
    expect(await second).toBe(1);

    // Three more folds at once find nothing left, and nothing is counted twice.
    expect(await Promise.all([1, 2, 3].map(() => foldPendingCustomers(db, scope)))).toEqual([0, 0, 0]);
    const [kept] = await stored(db, m.merchantId);
    expect([kept!.payments_count, kept!.total_amount]).toEqual([6, 1_000 + 1_001 + 1_002 + 1_003 + 1_004 + 7_000]);
    expect(await pendingCount(m.merchantId)).toBe(0);
  });

  it("rule: folds racing on many connections while payments are booked count every payment exactly once", async () => {
    const m = await receivingMerchant();
    const db = await getDb();
    const scope = { merchantId: m.merchantId, mode: "test" as const };
    const booked = Array.from({ length: 24 }, (_, i) => i);
    await Promise.all([
      ...booked.map((i) => insertPayment(m, { customerEmail: `many-${i % 3}@fold.example`, amount: 100 + i })),
      ...booked.map(() => foldPendingCustomers(db, scope)),
    ]);
    await foldPendingCustomers(db, scope);
    const kept = await stored(db, m.merchantId);
    expect(kept.map((c) => [c.key, c.payments_count, c.total_amount])).toEqual(
      [0, 1, 2].map((k) => [`many-${k}@fold.example`, 8, booked.filter((i) => i % 3 === k).reduce((s, i) => s + 100 + i, 0)]),
    );
  });

  it("rule: the scheduler's fold_customers job folds every merchant's pending payments, in every mode, and empties the queue", async () => {
    const a = await receivingMerchant();
    const b = await receivingMerchant();
    const bLive: ReceivingMerchant = await receivingMerchant({ merchantId: b.merchantId, mode: "live" });
    for (const [m, n] of [
      [a, 3],
      [b, 2],
      [bLive, 1],
    ] as const)
      for (let i = 0; i < n; i++) await insertPayment(m, { customerEmail: `sched-${i}@fold.example`, amount: 1_000 });
    const db = await getDb();
    expect(await stored(db, a.merchantId)).toEqual([]);
    expect((await pendingCount(a.merchantId)) + (await pendingCount(b.merchantId))).toBe(6);

    const job = JOBS.find((j) => j.name === "fold_customers")!;
    expect(await job.run(db)).toBeGreaterThanOrEqual(6);
    expect((await pendingCount(a.merchantId)) + (await pendingCount(b.merchantId))).toBe(0);
    const folded = async () => [await stored(db, a.merchantId), await stored(db, b.merchantId, "test"), await stored(db, b.merchantId, "live")];
    const [ka, kb, kbLive] = await folded();
    expect(ka!.map((c) => c.payments_count)).toEqual([1, 1, 1]);
    expect(kb!.map((c) => c.key)).toEqual(["sched-0@fold.example", "sched-1@fold.example"]);
    expect(kbLive!.map((c) => c.key)).toEqual(["sched-0@fold.example"]);
    // A second pass finds none of theirs: nothing counted twice.
    await job.run(db);
    expect(await folded()).toEqual([ka, kb, kbLive]);
  });

  it("rule: every payment with a customer key reaches the queue whatever road inserts it, and one without a key does not", async () => {
    const m = await receivingMerchant();
    await insertPayment(m, { customerEmail: null, customerName: null, payer: {} });
    await insertPayment(m, { customerEmail: null, customerName: null, payer: { name: "Only A Name" } });
    const rows = await queryRows<{ customer_key: string; payment_id: string }>(
      await getDb(),
      sql`select q.customer_key, q.payment_id from ${customerPaymentsPending} q join ${payments} p on p.id = q.payment_id where q.merchant_id = ${m.merchantId}`,
    );
    expect(rows.map((r) => r.customer_key)).toEqual(["name:only a name"]);
  });
});
