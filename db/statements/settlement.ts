import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";
import type { Mode } from "@/db/schema";

/**
 * The hand-written statements of static-account settlement (lib/settlement/run-settlement.ts,
 * which says how a run goes): the cutoff's one statement, the claims (SKIP LOCKED) and the
 * cutoffs' turn-taking lock.
 */

/** Narrows a step to one merchant and/or mode. */
export type SettlementScope = { merchantId?: string; mode?: Mode };

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

function scope(alias: string, input: SettlementScope): SQL {
  const parts: SQL[] = [];
  if (input.merchantId) parts.push(sql`and ${sql.raw(alias)}.merchant_id = ${input.merchantId}::uuid`);
  if (input.mode) parts.push(sql`and ${sql.raw(alias)}.mode = ${input.mode}`);
  return sql.join(parts, sql` `);
}

const notIn = (column: string, ids: Set<string>): SQL =>
  ids.size
    ? sql`and ${sql.raw(column)} not in (${sql.join(
        [...ids].map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;

/** Cutoffs take turns (a transaction advisory lock), so one never sums payments another is moving. */
export async function lockSettlementCutoffs(tx: DbOrTx): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtextextended('owo:settlement:cutoff', 0))`);
}

/** The merchants and modes with payments `pending_settlement` due by `now`. */
export function dueSettlementGroups(tx: DbOrTx, input: SettlementScope & { now: Date }): Promise<{ merchant_id: string; mode: Mode }[]> {
  return queryRows<{ merchant_id: string; mode: Mode }>(
    tx,
    sql`select distinct p.merchant_id::text as merchant_id, p.mode from static_account_payments p
        where p.settlement_status = 'pending_settlement' and p.expected_payout_at <= ${ts(input.now)} ${scope("p", input)}`,
  );
}

/** One merchant and mode's batch at a cutoff: its ids made by the caller; `wallet`: paid to a wallet in the same statement. */
export type CutoffGroup = { merchantId: string; mode: Mode; batchId: string; payoutId: string; reference: string; wallet: boolean };

/**
 * The cutoff in ONE statement: each due payment written once (`batched`, or `wallet_credit`
 * with its payout for a wallet group), then the batches from the rows it changed (so a batch
 * sums exactly its payments), and a paid payout row for each wallet batch. One row per batch.
 */
export function cutOffSettlementBatches(
  tx: DbOrTx,
  input: { now: Date; groups: CutoffGroup[] },
): Promise<{ id: string; net: string; payment_count: number; wallet: boolean }[]> {
  const values = sql.join(
    input.groups.map((g) => sql`(${g.merchantId}::uuid, ${g.mode}::text, ${g.batchId}::uuid, ${g.payoutId}::uuid, ${g.reference}::text, ${g.wallet}::boolean)`),
    sql`, `,
  );
  return queryRows<{ id: string; net: string; payment_count: number; wallet: boolean }>(
    tx,
    sql`with g (merchant_id, mode, batch_id, payout_id, reference, wallet) as (values ${values}),
        moved as (
          update static_account_payments p
          set settlement_status = case when g.wallet then 'wallet_credit' else 'batched' end, batch_id = g.batch_id,
              payout_id = case when g.wallet then g.payout_id else p.payout_id end,
              settled_at = case when g.wallet then now() else p.settled_at end, updated_at = now()
          from g
          where p.merchant_id = g.merchant_id and p.mode = g.mode
            and p.settlement_status = 'pending_settlement' and p.expected_payout_at <= ${ts(input.now)}
          returning p.batch_id, p.amount, p.fee),
        sums as (select batch_id, count(*)::int as n, sum(amount)::bigint as gross, sum(fee)::bigint as fees from moved group by batch_id),
        batches as (
          insert into settlement_batches (id, merchant_id, mode, cutoff_at, payment_count, gross, fees, net, status)
          select g.batch_id, g.merchant_id, g.mode, least(${ts(input.now)}, now()), s.n, s.gross, s.fees, s.gross - s.fees,
                 case when g.wallet then 'wallet_credit' else 'open' end
          from sums s join g on g.batch_id = s.batch_id
          returning id, net, payment_count),
        payouts as (
          insert into settlement_payouts (id, batch_id, merchant_id, mode, reference, destination, amount, status, attempt, completed_at)
          select g.payout_id, g.batch_id, g.merchant_id, g.mode, g.reference, 'wallet', b.net, 'wallet_credit', 1, now()
          from batches b join g on g.batch_id = b.id
          where g.wallet
          returning 1)
        select b.id::text as id, b.net::text as net, b.payment_count, g.wallet, (select count(*) from payouts) as paid
        from batches b join g on g.batch_id = b.id`,
  );
}

/** A wallet batch whose ledger entry failed goes back to `open`: its payout row gone, its payments `batched`. */
export async function reopenSettlementBatch(tx: DbOrTx, batchId: string): Promise<void> {
  await queryRows(
    tx,
    sql`with p as (update static_account_payments set settlement_status = 'batched', payout_id = null, settled_at = null where batch_id = ${batchId}::uuid returning 1),
             o as (delete from settlement_payouts where batch_id = ${batchId}::uuid returning 1)
        update settlement_batches set status = 'open' where id = ${batchId}::uuid`,
  );
}

/** Claims (FOR UPDATE SKIP LOCKED) the oldest open batch, or failed one last changed by `retryBefore`, not in `tried`. */
export async function claimSettlementBatch(
  tx: DbOrTx,
  input: SettlementScope & { retryBefore: Date; tried: Set<string> },
): Promise<{ id: string } | undefined> {
  const [batch] = await queryRows<{ id: string }>(
    tx,
    sql`select b.id from settlement_batches b
        where (b.status = 'open' or (b.status = 'failed' and b.updated_at <= ${ts(input.retryBefore)})) ${scope("b", input)} ${notIn("b.id", input.tried)}
        order by b.created_at limit 1
        for update skip locked`,
  );
  return batch;
}

/** How many payout attempts a batch has had. */
export async function countSettlementAttempts(tx: DbOrTx, batchId: string): Promise<number> {
  const [{ attempts } = { attempts: 0 }] = await queryRows<{ attempts: number }>(
    tx,
    sql`select count(*)::int as attempts from settlement_payouts where batch_id = ${batchId}::uuid`,
  );
  return attempts;
}

/**
 * Claims up to `limit` pending bank payouts not looked at since `before` (a lease: their
 * updated_at moves to now), not in `seen`, oldest first, skipping locked ones.
 */
export function claimPendingPayoutChecks(db: DbOrTx, input: SettlementScope & { before: Date; seen: Set<string>; limit: number }): Promise<{ id: string }[]> {
  return queryRows<{ id: string }>(
    db,
    sql`update settlement_payouts set updated_at = now()
        where id in (
          select p.id from settlement_payouts p
          where p.status = 'pending' and p.updated_at <= ${ts(input.before)} ${scope("p", input)} ${notIn("p.id", input.seen)}
          order by p.updated_at limit ${input.limit}
          for update skip locked)
        returning id`,
  );
}
