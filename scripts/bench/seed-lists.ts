// Seeds the lists' tables for the lists scenario, set-based (one INSERT … SELECT from
// generate_series per table): `rows` each of transfers, events, payments, checkout sessions
// and invoices for one merchant's test key pair, interleaved in time with a quarter as many of
// another merchant's, so the merchant / key-pair scoping has rows to skip. The kept counts
// (migrations 0013 and 0014: per bucket of the sort key) fill as the rows go in. Then VACUUM
// ANALYZE, as autovacuum would leave a table of this size in production.
import type postgres from "postgres";

export type ListOwner = { merchantId: string; keyPairId: string; walletPayIdId: string };

const NAMES = [
  "Ada Obi",
  "Chinedu Eze",
  "Zainab Bello",
  "Tunde Bakare",
  "Ngozi Okafor",
  "Emeka Nwosu",
  "Halima Yusuf",
  "Segun Adeyemi",
  "Funke Akindele",
  "Ibrahim Musa",
  "Amaka Nwankwo",
  "Kelechi Iheanacho",
  "Bisi Alabi",
  "Yemi Alade",
  "Chiamaka Uche",
  "Musa Danjuma",
  "Folake Ojo",
  "Obinna Okeke",
  "Aisha Lawal",
  "Tobi Adebayo",
];
/** One name in twenty (g % 20 = 2, always the merchant's): the search term matches 5% of each list's rows. */
export const SEARCH_TERM = "zainab";
const EVENT_TYPES = ["transfer.success", "charge.success", "transfer.failed", "charge.refunded"];
/** A rarer event type: every 50th event (g % 50 = 1, never one of the other merchant's g % 5 = 0). */
export const RARE_EVENT_TYPE = "webhook.test";

const SEARCHED_TABLES = ["transfers", "payments", "checkout_sessions", "invoices"];

/** Every fifth row of the interleaved series belongs to `other`. */
export async function seedLists(sql: postgres.Sql, input: { tag: string; rows: number; ours: ListOwner; other: ListOwner }): Promise<void> {
  const total = Math.ceil(input.rows * 1.25);
  const { ours, other, tag } = input;
  // Spread over a year, newest last, so created_at and seq agree as they do in production.
  const step = Math.max(1, Math.floor((365 * 86_400) / total));
  // The overview's rollup triggers fire per row at commit: a million rows in one statement would
  // queue a million deferred upserts on a few hundred day rows. They are off while seeding and
  // the two merchants' rollups are computed once afterwards, as the migration's backfill does.
  await sql.unsafe(`alter table payments disable trigger payments_daily_volume`);
  await sql.unsafe(`alter table checkout_sessions disable trigger checkout_sessions_daily_sessions`);
  // Every seeded row is backdated: the search-epoch triggers (migration 0019) would bump one
  // epoch row per row. Nothing has searched these merchants yet, so there is nothing to bump.
  for (const table of SEARCHED_TABLES) await sql.unsafe(`alter table ${table} disable trigger ${table}_search_epoch_insert`);
  await sql.unsafe(
    `insert into transfers (id, reference, public_id, merchant_id, mode, key_pair_id, wallet_pay_id_id, type, status, amount, fee,
       narration, recipient_name, recipient_bank_code, recipient_bank_name, recipient_account_number, merchant_reference, source,
       completed_at, failed_at, created_at, updated_at)
     select gen_random_uuid(), 'TRF_' || $1 || '_' || g, 'tr_' || $1 || '_' || g,
       case when g % 5 = 0 then $3::uuid else $2::uuid end, 'test',
       case when g % 5 = 0 then $5::uuid else $4::uuid end,
       case when g % 5 = 0 then $7::uuid else $6::uuid end,
       case when g % 3 = 0 then 'bank_transfer' else 'payid' end,
       case when g % 50 = 1 then 'failed' when g % 97 = 1 then 'pending' else 'completed' end,
       1000 + (g % 500000), 1075, 'Order ' || g,
       ($8::text[])[1 + g % 20],
       case when g % 3 = 0 then '058' end, case when g % 3 = 0 then 'Guaranty Trust Bank' end,
       case when g % 3 = 0 then lpad((g % 10000000000)::text, 10, '0') end,
       'order-' || $1 || '-' || g, 'api',
       case when g % 50 <> 1 and g % 97 <> 1 then t end, case when g % 50 = 1 then t end, t, t
     from generate_series(1, $9::int) g, lateral (select now() - ($9::int - g) * $10::int * interval '1 second' as t) at`,
    [tag, ours.merchantId, other.merchantId, ours.keyPairId, other.keyPairId, ours.walletPayIdId, other.walletPayIdId, NAMES, total, step] as never[],
  );
  await sql.unsafe(
    `insert into events (id, merchant_id, mode, key_pair_id, type, data, delivery_status, attempts, last_status_code,
       next_attempt_at, delivered_at, created_at)
     select 'evt_' || $1 || '_' || g,
       case when g % 5 = 0 then $3::uuid else $2::uuid end, 'test',
       case when g % 5 = 0 then $5::uuid else $4::uuid end,
       case when g % 50 = 1 then $6 else ($7::text[])[1 + g % 4] end,
       jsonb_build_object('reference', 'TRF_' || $1 || '_' || g, 'amount', 1000 + (g % 500000), 'currency', 'NGN', 'status', 'completed'),
       'delivered', 1, 200, null, t, t
     from generate_series(1, $8::int) g, lateral (select now() - ($8::int - g) * $9::int * interval '1 second' as t) at
     order by g`,
    [tag, ours.merchantId, other.merchantId, ours.keyPairId, other.keyPairId, RARE_EVENT_TYPE, EVENT_TYPES, total, step] as never[],
  );
  // Payments, sessions and invoices: the same interleaving, names and spread in time.
  const owner = (ours: string, other: string) => `case when g % 5 = 0 then ${other} else ${ours} end`;
  const series = `from generate_series(1, $5::int) g, lateral (select now() - ($5::int - g) * $6::int * interval '1 second' as t) at`;
  const common = [tag, ours.merchantId, other.merchantId, NAMES, total, step, ours.keyPairId, other.keyPairId, ours.walletPayIdId, other.walletPayIdId];
  await sql.unsafe(
    `insert into payments (id, reference, merchant_id, mode, key_pair_id, channel, status, amount, fee, destination_kind, settlement_pay_id_id,
       customer_email, customer_name, payer, narration, paid_at, created_at)
     select gen_random_uuid(), 'PAY_' || $1 || '_' || g, ${owner("$2::uuid", "$3::uuid")}, 'test', ${owner("$7::uuid", "$8::uuid")},
       case when g % 3 = 0 then 'bank_transfer' else 'payid' end, 'completed', 1000 + (g % 500000), 10,
       case when g % 3 = 0 then 'virtual_account' else 'session' end, ${owner("$9::uuid", "$10::uuid")},
       'payer' || (g % 1000) || '@example.com', ($4::text[])[1 + g % 20],
       jsonb_build_object('name', ($4::text[])[1 + (g + 7) % 20], 'bank', 'GTBank'), 'Order ' || g, t, t
     ${series}`,
    common as never[],
  );
  await sql.unsafe(
    `insert into checkout_sessions (id, reference, merchant_id, mode, key_pair_id, settlement_pay_id_id, amount, customer_email, customer_name,
       enabled_payment_methods, status, merchant_reference, expires_at, created_at, updated_at)
     select gen_random_uuid(), 'SES_' || $1 || '_' || g, ${owner("$2::uuid", "$3::uuid")}, 'test', ${owner("$7::uuid", "$8::uuid")},
       ${owner("$9::uuid", "$10::uuid")}, 1000 + (g % 500000), 'buyer' || (g % 1000) || '@example.com', ($4::text[])[1 + g % 20],
       array['bank_transfer'], case when g % 100 = 0 then 'active' when g % 3 = 0 then 'expired' else 'completed' end,
       'order-' || $1 || '-' || g, case when g % 100 = 0 then now() + interval '1 day' else t + interval '30 minutes' end, t, t
     ${series}`,
    common as never[],
  );
  await sql.unsafe(
    `insert into invoices (id, public_id, merchant_id, mode, key_pair_id, settlement_pay_id_id, invoice_number, status, customer_name, customer_email,
       line_items, subtotal, tax_amount, total, due_date, due_at, payment_url, created_at, updated_at)
     select gen_random_uuid(), 'inv_' || $1 || '_' || g, ${owner("$2::uuid", "$3::uuid")}, 'test', ${owner("$7::uuid", "$8::uuid")},
       ${owner("$9::uuid", "$10::uuid")},
       'INV-' || $1 || '-' || g, case when g % 4 = 0 then 'draft' when g % 4 = 1 then 'cancelled' else 'paid' end,
       ($4::text[])[1 + g % 20], 'customer' || (g % 1000) || '@example.com',
       '[{"description":"Item","quantity":1,"unit_price":1000}]'::jsonb, 1000, 0, 1000,
       (t + interval '30 days')::date, t + interval '30 days', 'https://example.com/pay/inv_' || $1 || '_' || g, t, t
     ${series}`,
    common as never[],
  );
  await sql.unsafe(`alter table payments enable trigger payments_daily_volume`);
  await sql.unsafe(`alter table checkout_sessions enable trigger checkout_sessions_daily_sessions`);
  for (const table of SEARCHED_TABLES) await sql.unsafe(`alter table ${table} enable trigger ${table}_search_epoch_insert`);
  const merchants = [ours.merchantId, other.merchantId];
  await sql.begin(async (tx) => {
    await tx.unsafe(`delete from daily_volume where merchant_id = any($1::uuid[])`, [merchants]);
    await tx.unsafe(`delete from daily_sessions where merchant_id = any($1::uuid[])`, [merchants]);
    await tx.unsafe(
      `insert into daily_volume (merchant_id, mode, day, amount_kobo, count)
       select merchant_id, mode, owo_lagos_day(paid_at), sum(amount), count(*) from payments where merchant_id = any($1::uuid[]) group by 1, 2, 3`,
      [merchants],
    );
    await tx.unsafe(
      `insert into daily_sessions (merchant_id, mode, day, started, completed)
       select merchant_id, mode, day, sum(started), sum(completed) from (
         select merchant_id, mode, owo_lagos_day(created_at) as day, 1 as started, 0 as completed from checkout_sessions where merchant_id = any($1::uuid[])
         union all
         select merchant_id, mode, owo_lagos_day(coalesce(paid_at, updated_at)), 0, 1 from checkout_sessions where merchant_id = any($1::uuid[]) and status = 'completed'
       ) s group by 1, 2, 3`,
      [merchants],
    );
  });
  for (const table of ["transfers", "events", "payments", "checkout_sessions", "invoices", "list_counts", "daily_volume", "daily_sessions"])
    await sql.unsafe(`vacuum analyze ${table}`);
}
