// Searched lists' exact totals from a cache (lib/lists/search-counts.ts, migration 0019): the matches
// before the hour mark two to three hours back are counted once under the list's epoch, the rest at each
// read; any write that could change an old row's match bumps the epoch. Each test names the
// rule it checks, against count(*) on real Postgres.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { listOwner, type ListOwner } from "./list-owner";
import { listInvoices } from "@/lib/invoices/list-invoices";
import { listPayments } from "@/lib/payments/list-payments";
import { listSessions } from "@/lib/sessions/list-sessions";
import { listTransfers } from "@/lib/transfers/list-transfers";

type Owner = ListOwner;
const owner = listOwner;

const NAMES = ["Zainab Bello", "Ada Obi", "Tunde Bakare", "Ngozi Okafor", "Emeka Nwosu"];
const NAME_ARRAY = sql.raw(`array[${NAMES.map((n) => `'${n}'`).join(", ")}]`);

/** `n` transfers, one an hour back from now (so all but the newest few are settled); one in five is a Zainab. */
async function seedTransfers(o: Owner, n: number, from = 0): Promise<void> {
  await queryRows(
    await getDb(),
    sql`insert into transfers (id, reference, public_id, merchant_id, mode, key_pair_id, wallet_pay_id_id, type, status, amount, fee, narration,
          recipient_name, source, created_at, updated_at)
        select gen_random_uuid(), 'TRF_' || ${o.tag} || '_' || g, 'tr_' || ${o.tag} || '_' || g, ${o.merchantId}, 'test', ${o.keyPairId}, ${o.walletPayIdId},
          case when g % 3 = 0 then 'bank_transfer' else 'payid' end, case when g % 7 = 0 then 'failed' else 'completed' end,
          1000 + g, 10, 'search', (${NAME_ARRAY})[1 + g % 5], 'api', now() - g * interval '1 hour', now()
        from generate_series(${from + 1}::int, ${from + n}::int) g`,
  );
}

async function countTransfers(o: Owner, extra = sql`true`): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    await getDb(),
    sql`select count(*)::int as n from transfers where merchant_id = ${o.merchantId} and mode = 'test' and recipient_name ilike '%zainab%' and ${extra}`,
  );
  return row!.n;
}

const searchTransfers = async (o: Owner, more: { status?: "completed" | "failed" } = {}) =>
  (await listTransfers(await getDb(), { merchantId: o.merchantId, mode: "test", page: 1, page_size: 20, search: "zainab", ...more })).total;

async function cachedRows(o: Owner): Promise<{ key: string; n: number }[]> {
  return queryRows(await getDb(), sql`select key, n::int as n from search_counts where merchant_id = ${o.merchantId} order by key`);
}

describe("searched lists' cached totals", () => {
  let o: Owner;
  beforeAll(async () => {
    o = await owner();
    await seedTransfers(o, 401, -1); // from g = 0: a Zainab made now, never settled
  }, 60_000);

  it("rule: the first search counts and caches the matches older than the hour mark two to three hours back; the next one reads that cache (a tampered cached count shows through) and adds the recent matches", async () => {
    expect(await searchTransfers(o)).toBe(await countTransfers(o));
    const cached = await cachedRows(o);
    expect(cached).toHaveLength(1);
    // Only rows before the hour mark are cached: fewer than all the matches (the newest are counted live).
    expect(cached[0]!.n).toBeLessThan(await countTransfers(o));
    const db = await getDb();
    await queryRows(db, sql`update search_counts set n = n + 1000 where merchant_id = ${o.merchantId}`);
    expect(await searchTransfers(o)).toBe((await countTransfers(o)) + 1000);
    await queryRows(db, sql`update search_counts set n = n - 1000 where merchant_id = ${o.merchantId}`);
    expect(await searchTransfers(o)).toBe(await countTransfers(o));
  });

  it("rule: each filter has its own cached count (search and status together)", async () => {
    expect(await searchTransfers(o, { status: "failed" })).toBe(await countTransfers(o, sql`status = 'failed'`));
    expect((await cachedRows(o)).map((r) => JSON.parse(r.key))).toEqual(expect.arrayContaining([{ search: "zainab" }, { search: "zainab", status: "failed" }]));
  });

  it("rule: every kind of write to an old row (a rename into and out of the match, a status change, a delete, a backdated insert) bumps the epoch, and the next total is exact", async () => {
    const db = await getDb();
    const old = sql`merchant_id = ${o.merchantId} and created_at < now() - interval '10 days'`;
    const writes = [
      sql`update transfers set recipient_name = 'Zainab Musa' where id = (select id from transfers where ${old} and recipient_name = 'Ada Obi' limit 1)`,
      sql`update transfers set recipient_name = 'Ada Obi' where id = (select id from transfers where ${old} and recipient_name = 'Zainab Bello' limit 1)`,
      sql`update transfers set status = 'failed' where id = (select id from transfers where ${old} and recipient_name = 'Zainab Bello' and status = 'completed' limit 1)`,
      sql`delete from transfers where id = (select id from transfers where ${old} and recipient_name = 'Zainab Bello' limit 1)`,
    ];
    for (const write of writes) {
      await searchTransfers(o);
      await searchTransfers(o, { status: "failed" });
      await queryRows(db, write);
      expect(await searchTransfers(o)).toBe(await countTransfers(o));
      expect(await searchTransfers(o, { status: "failed" })).toBe(await countTransfers(o, sql`status = 'failed'`));
    }
    await searchTransfers(o);
    await seedTransfers(o, 20, 10_000); // backdated: 10,000 hours ago and older
    expect(await searchTransfers(o)).toBe(await countTransfers(o));
  });

  it("rule: a count made while a write to an old row is uncommitted is not used once that write commits (the race the epoch closes)", async () => {
    const db = await getDb();
    await searchTransfers(o);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let updated!: () => void;
    const didUpdate = new Promise<void>((r) => (updated = r));
    const writer = db.transaction(async (tx) => {
      await tx.execute(
        sql`update transfers set recipient_name = 'Zainab Lawal' where id = (select id from transfers where merchant_id = ${o.merchantId} and created_at < now() - interval '10 days' and recipient_name = 'Tunde Bakare' limit 1)`,
      );
      updated();
      await held;
    });
    await didUpdate;
    // The cache is made anew (its count cannot see the uncommitted rename) while the writer is open.
    await queryRows(db, sql`delete from search_counts where merchant_id = ${o.merchantId}`);
    const before = await countTransfers(o);
    expect(await searchTransfers(o)).toBe(before);
    release();
    await writer;
    expect(await countTransfers(o)).toBe(before + 1);
    expect(await searchTransfers(o)).toBe(before + 1);
  });

  it("rule: concurrent writers to old rows and concurrent searches on several connections: every total read after they finish is exact", async () => {
    const db = await getDb();
    const writes = Array.from({ length: 40 }, (_, i) =>
      queryRows(
        db,
        i % 2 === 0
          ? sql`update transfers set recipient_name = 'Zainab Yusuf' where id = (select id from transfers where merchant_id = ${o.merchantId} and created_at < now() - interval '3 days' and recipient_name = 'Ngozi Okafor' order by created_at limit 1 offset ${i})`
          : sql`update transfers set recipient_name = 'Emeka Nwosu' where id = (select id from transfers where merchant_id = ${o.merchantId} and created_at < now() - interval '3 days' and recipient_name = 'Zainab Bello' order by created_at limit 1 offset ${i})`,
      ),
    );
    const reads = Array.from({ length: 40 }, (_, i) => searchTransfers(o, i % 2 ? { status: "completed" } : {}));
    await Promise.all([...writes, ...reads]);
    expect(await searchTransfers(o)).toBe(await countTransfers(o));
    expect(await searchTransfers(o, { status: "completed" })).toBe(await countTransfers(o, sql`status = 'completed'`));
  });

  it("rule: writes of recent rows (every hot path's) never bump the epoch", async () => {
    const db = await getDb();
    const epoch = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select coalesce((select n::int from search_epochs where list = 'transfers' and merchant_id = ${o.merchantId} and mode = 'test'), 0) as n`,
        )
      )[0]!.n;
    const before = await epoch();
    await queryRows(
      db,
      sql`insert into transfers (id, reference, public_id, merchant_id, mode, key_pair_id, wallet_pay_id_id, type, status, amount, fee, narration, recipient_name, source)
          values (gen_random_uuid(), 'TRF_' || ${o.tag} || '_new', 'tr_' || ${o.tag} || '_new', ${o.merchantId}, 'test', ${o.keyPairId}, ${o.walletPayIdId},
            'payid', 'pending', 5000, 10, 'new', 'Zainab New', 'api')`,
    );
    await queryRows(db, sql`update transfers set status = 'completed' where reference = 'TRF_' || ${o.tag} || '_new'`);
    expect(await epoch()).toBe(before);
    expect(await searchTransfers(o)).toBe(await countTransfers(o));
  });
});

describe("the other searched lists (payments, sessions, invoices) follow a change to an old row", () => {
  it("rule: each list's cached search total stays equal to count(*) after an old row's searched field changes", async () => {
    const o = await owner();
    const db = await getDb();
    const series = sql`from generate_series(1, 60) g, lateral (select now() - g * interval '1 day' as t) at`;
    await queryRows(
      db,
      sql`insert into payments (id, reference, merchant_id, mode, key_pair_id, channel, status, amount, fee, destination_kind, settlement_pay_id_id, customer_email, customer_name, payer, narration, paid_at, created_at)
          select gen_random_uuid(), 'PAY_' || ${o.tag} || '_' || g, ${o.merchantId}, 'test', ${o.keyPairId}, 'payid', 'completed', 1000, 10, 'session', ${o.walletPayIdId},
            'p' || g || '@example.com', (${NAME_ARRAY})[1 + g % 5], '{}'::jsonb, 'n', t, t ${series}`,
    );
    await queryRows(
      db,
      sql`insert into checkout_sessions (id, reference, merchant_id, mode, key_pair_id, settlement_pay_id_id, amount, customer_email, customer_name, enabled_payment_methods, status, expires_at, created_at, updated_at)
          select gen_random_uuid(), 'SES_' || ${o.tag} || '_' || g, ${o.merchantId}, 'test', ${o.keyPairId}, ${o.walletPayIdId}, 1000, 'b' || g || '@example.com',
            (${NAME_ARRAY})[1 + g % 5], array['bank_transfer'], 'completed', t + interval '30 minutes', t, t ${series}`,
    );
    await queryRows(
      db,
      sql`insert into invoices (id, public_id, merchant_id, mode, key_pair_id, settlement_pay_id_id, invoice_number, status, customer_name, customer_email, line_items, subtotal, tax_amount, total, due_date, due_at, payment_url, created_at, updated_at)
          select gen_random_uuid(), 'inv_' || ${o.tag} || '_' || g, ${o.merchantId}, 'test', ${o.keyPairId}, ${o.walletPayIdId}, 'INV-' || ${o.tag} || '-' || g, 'draft',
            (${NAME_ARRAY})[1 + g % 5], 'c' || g || '@example.com', '[{"description":"Item","quantity":1,"unit_price":1000}]'::jsonb, 1000, 0, 1000,
            (t + interval '30 days')::date, t + interval '30 days', 'https://example.com/pay/' || g, t, t ${series}`,
    );
    const scope = { merchantId: o.merchantId, mode: "test" as const, page: 1, page_size: 20, search: "zainab" };
    const lists = [
      { table: "payments", total: async () => (await listPayments(db, scope)).total },
      { table: "checkout_sessions", total: async () => (await listSessions(db, scope)).total },
      { table: "invoices", total: async () => (await listInvoices(db, scope)).total },
    ];
    for (const l of lists) {
      const count = async () =>
        (
          await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from ${sql.identifier(l.table)} where merchant_id = ${o.merchantId} and customer_name ilike '%zainab%'`,
          )
        )[0]!.n;
      expect(await l.total(), `${l.table}: first search`).toBe(await count());
      expect(await l.total(), `${l.table}: cached`).toBe(await count());
      await queryRows(
        db,
        sql`update ${sql.identifier(l.table)} set customer_name = 'Zainab Okafor' where id = (select id from ${sql.identifier(l.table)} where merchant_id = ${o.merchantId} and customer_name = 'Ada Obi' and created_at < now() - interval '10 days' limit 1)`,
      );
      expect(await l.total(), `${l.table}: after a rename of an old row`).toBe(await count());
    }
  });
});
