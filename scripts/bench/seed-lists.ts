// Seeds the list endpoints' tables for the lists scenario, set-based (one INSERT … SELECT
// from generate_series per table): `rows` transfers and `rows` events for one merchant's test
// key pair, interleaved in time with a quarter as many of another merchant's, so the
// merchant / key-pair scoping has rows to skip. Then VACUUM ANALYZE, as autovacuum would
// leave a table of this size in production.
import type postgres from "postgres";

export type ListOwner = { merchantId: string; keyPairId: string; walletPayIdId: string };

const NAMES = [
  "Ada Obi", "Chinedu Eze", "Zainab Bello", "Tunde Bakare", "Ngozi Okafor", "Emeka Nwosu", "Halima Yusuf", "Segun Adeyemi",
  "Funke Akindele", "Ibrahim Musa", "Amaka Nwankwo", "Kelechi Iheanacho", "Bisi Alabi", "Yemi Alade", "Chiamaka Uche",
  "Musa Danjuma", "Folake Ojo", "Obinna Okeke", "Aisha Lawal", "Tobi Adebayo",
];
/** One name in twenty (g % 20 = 2, always the merchant's): the search term matches 5% of its transfers. */
export const SEARCH_TERM = "zainab";
const EVENT_TYPES = ["transfer.success", "charge.success", "transfer.failed", "charge.refunded"];
/** A rarer event type: every 50th event (g % 50 = 1, never one of the other merchant's g % 5 = 0). */
export const RARE_EVENT_TYPE = "webhook.test";

/** Every fifth row of the interleaved series belongs to `other`. */
export async function seedLists(sql: postgres.Sql, input: { tag: string; rows: number; ours: ListOwner; other: ListOwner }): Promise<void> {
  const total = Math.ceil(input.rows * 1.25);
  const { ours, other, tag } = input;
  // Spread over a year, newest last, so created_at and seq agree as they do in production.
  const step = Math.max(1, Math.floor((365 * 86_400) / total));
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
  await sql.unsafe("vacuum analyze transfers");
  await sql.unsafe("vacuum analyze events");
}
