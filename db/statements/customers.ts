import { sql } from "drizzle-orm";
import { preparedRows, queryRows, type DbOrTx } from "@/db/client";
import type { Mode } from "@/db/schema";

/**
 * The Customers area's statements (migration 0033): booking a payment appends its part to
 * `customer_payments_pending` (the trigger `payments_customers`); the fold here adds what is
 * pending to `customers` when it is read, and for every merchant from the scheduler.
 */

export type CustomerScope = { merchantId: string; mode: Mode };

/**
 * The transaction advisory lock every folder of one merchant and mode takes, keyed as
 * db/statements/locks.ts keys them (prepared here: a read of the Customers area may take it).
 */
const LOCK = `select pg_advisory_xact_lock(hashtextextended('customers-fold:' || $1::text || ':' || $2::text, 0))`;

/** Whether anything is pending for the merchant and mode. */
const PENDING = `select exists (select 1 from customer_payments_pending where merchant_id = $1::uuid and mode = $2::text) as pending`;

/** The fold's one statement (prepared: every read of the Customers area runs it when something is pending). */
const FOLD = `with taken as (
  delete from customer_payments_pending
  where merchant_id = $1::uuid and mode = $2::text
  returning id, merchant_id, mode, customer_key, name, email, payer_bank, payer_account, amount, paid_at, channel
),
ordered as (
  select t.*, row_number() over (partition by t.customer_key order by t.paid_at, t.id) as n,
         (k.last_paid_at is null or t.paid_at >= k.last_paid_at) as newer
  from taken t
  left join customers k on k.merchant_id = t.merchant_id and k.mode = t.mode and k.key = t.customer_key
),
marked as (
  select o.*,
         max(o.n) filter (where o.newer and o.payer_account is not null) over (partition by o.customer_key) as account_n,
         o.n = min(o.n) over (partition by o.customer_key, o.channel) as first_of_channel
  from ordered o
),
folded as (
  select m.merchant_id, m.mode, m.customer_key as key, count(*) as n, sum(m.amount) as total,
         min(m.paid_at) as first_paid_at, max(m.paid_at) as last_paid_at, bool_or(m.newer) as any_newer,
         (array_agg(m.channel order by m.n desc))[1] as last_channel,
         array_agg(m.channel order by m.n) filter (where m.first_of_channel) as channels,
         (array_agg(m.name order by m.n desc) filter (where m.newer and m.name is not null))[1] as newer_name,
         (array_agg(m.name order by m.n) filter (where m.name is not null))[1] as first_name,
         (array_agg(m.email order by m.n) filter (where m.email is not null))[1] as first_email,
         max(m.account_n) as account_n,
         (array_agg(m.payer_account order by m.n desc) filter (where m.newer and m.payer_account is not null))[1] as newer_account,
         (array_agg(m.payer_bank order by m.n) filter (where m.n >= m.account_n and m.payer_bank is not null))[1] as bank_from_account,
         (array_agg(m.payer_account order by m.n) filter (where m.payer_account is not null))[1] as first_account,
         (array_agg(m.payer_bank order by m.n) filter (where m.payer_bank is not null))[1] as first_bank
  from marked m
  group by m.merchant_id, m.mode, m.customer_key
),
upserted as (
  insert into customers as c (merchant_id, mode, key, name, email, payer_bank, payer_account, payments_count, total_amount,
                              first_paid_at, last_paid_at, last_channel, channels)
  select f.merchant_id, f.mode, f.key,
         coalesce(f.newer_name, k.name, f.first_name),
         coalesce(k.email, f.first_email),
         case when f.account_n is not null then f.bank_from_account else coalesce(k.payer_bank, f.first_bank) end,
         case when f.account_n is not null then f.newer_account else coalesce(k.payer_account, f.first_account) end,
         coalesce(k.payments_count, 0) + f.n, coalesce(k.total_amount, 0) + f.total::bigint,
         least(k.first_paid_at, f.first_paid_at), greatest(k.last_paid_at, f.last_paid_at),
         case when f.any_newer then f.last_channel else k.last_channel end,
         coalesce(k.channels, '{}') || array(select ch from unnest(f.channels) with ordinality u(ch, i)
                                            where k.channels is null or not ch = any (k.channels) order by i)
  from folded f
  left join customers k on k.merchant_id = f.merchant_id and k.mode = f.mode and k.key = f.key
  on conflict (merchant_id, mode, key) do update set
    name = excluded.name, email = excluded.email, payer_bank = excluded.payer_bank, payer_account = excluded.payer_account,
    payments_count = excluded.payments_count, total_amount = excluded.total_amount, first_paid_at = excluded.first_paid_at,
    last_paid_at = excluded.last_paid_at, last_channel = excluded.last_channel, channels = excluded.channels
)
select count(*)::int as folded from taken`;

/**
 * Folds every pending payment of one merchant and mode into its customer's row, in a
 * transaction of its own (a savepoint inside the caller's): answers how many payments it folded.
 * With nothing pending (most reads) it is one prepared probe of the queue's key, no transaction.
 *
 * Otherwise first the advisory lock of (merchant, mode), in a statement of its own, so the fold's snapshot
 * is taken after whichever fold held it committed: two folders never count one pending row
 * twice, and the kept rows the fold reads are the ones it updates. Then one statement deletes the
 * pending rows (DELETE … RETURNING) and upserts each customer's aggregate with the rules of 0024's
 * trigger, exactly as if its payments were applied one by one in the order they happened
 * (`paid_at`, then the order they were queued), each against the row as it then stood:
 *
 * - count and total add up; first and last paid at widen;
 * - a payment as new as the kept row's last (`newer`) sets the last channel; so the newest
 *   payment decides when it is newer, else the kept channel stays;
 * - channels: the kept ones, then each new channel in the order first used;
 * - name: a newer payment's name replaces it (so the newest newer name), else the kept name, else
 *   the first name an older payment gave;
 * - email: the kept one, else the first email given;
 * - account: the newest newer payment with an account replaces account and bank together (its
 *   bank even when none: the bank then comes from the first later payment that names one);
 *   without one, the kept account and bank, each filled by the first payment that gives it.
 */
export async function foldPendingCustomers(db: DbOrTx, scope: CustomerScope): Promise<number> {
  const params = [scope.merchantId, scope.mode];
  // Nothing pending (most reads): one index probe, no transaction. A fold in flight elsewhere
  // still shows its rows here until it commits, so this fold then waits for it below.
  const [probe] = await preparedRows<{ pending: boolean }>(db, PENDING, params);
  if (!probe?.pending) return 0;
  return db.transaction(async (tx) => {
    await preparedRows(tx, LOCK, params);
    const [row] = await preparedRows<{ folded: number }>(tx, FOLD, params);
    return row?.folded ?? 0;
  });
}

/**
 * The merchants and modes with payments pending, at most `limit`, in key order after `after`
 * (from the start without it): a skip scan of the queue's primary key (merchant, mode, id), one
 * index probe per pair however long the queue.
 */
export async function pendingCustomerScopes(db: DbOrTx, input: { limit: number; after: CustomerScope | null }): Promise<CustomerScope[]> {
  const after = input.after ? sql`where (merchant_id, mode) > (${input.after.merchantId}::uuid, ${input.after.mode}::text)` : sql``;
  const rows = await queryRows<{ merchant_id: string; mode: Mode }>(
    db,
    sql`with recursive s as (
          (select merchant_id, mode from customer_payments_pending ${after} order by merchant_id, mode limit 1)
          union all
          select n.merchant_id, n.mode from s
          cross join lateral (
            select q.merchant_id, q.mode from customer_payments_pending q
            where (q.merchant_id, q.mode) > (s.merchant_id, s.mode) order by q.merchant_id, q.mode limit 1
          ) n
        )
        select merchant_id, mode from s limit ${input.limit}`,
  );
  return rows.map((r) => ({ merchantId: r.merchant_id, mode: r.mode }));
}
