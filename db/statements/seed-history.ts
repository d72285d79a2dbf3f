import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db, type DbOrTx } from "@/db/client";
import { MODES } from "@/db/schema";
import { foldPendingCustomers } from "./customers";

/**
 * The demo history's statements (lib/seed/seed-history.ts): the times it wrote moved to the
 * days they stand for, the rollups rebuilt, and the reads its checks use.
 */

/** One step of the history: what ran at `real` (this run's clock) belongs at `target`. */
export type TimeMark = { real: Date; target: Date };

/**
 * The tables the demo history writes, with the timestamp columns to move. Each row moves by the
 * shift of the step that wrote it; a time still ahead of the run's end (an expiry, a next
 * attempt) moves with its row's created_at, so it stays as far from creation as it was.
 * invoices.due_at stays: it follows the invoice's due_date (a date), which is not moved.
 */
const TABLES: Record<string, { columns: string[]; merchant: boolean }> = {
  payments: { columns: ["created_at", "paid_at"], merchant: true },
  checkout_sessions: { columns: ["created_at", "expires_at", "paid_at", "updated_at"], merchant: true },
  session_events: { columns: ["created_at"], merchant: false },
  virtual_accounts: { columns: ["created_at", "completed_at", "expires_at", "retired_at", "updated_at"], merchant: true },
  dynamic_pay_ids: { columns: ["created_at", "completed_at", "deactivated_at", "expires_at", "updated_at"], merchant: true },
  invoices: { columns: ["created_at", "issued_at", "paid_at", "updated_at"], merchant: true },
  invoice_activity: { columns: ["created_at"], merchant: false },
  transfers: { columns: ["created_at", "bank_submitted_at", "completed_at", "failed_at", "reversed_at", "next_check_at", "updated_at"], merchant: true },
  sandbox_bank_transfers: { columns: ["created_at", "updated_at"], merchant: false },
  refunds: { columns: ["created_at", "requested_at", "reviewed_at", "completed_at", "updated_at"], merchant: true },
  journal_entries: { columns: ["created_at"], merchant: false },
  postings: { columns: ["created_at"], merchant: false },
  events: { columns: ["created_at", "delivered_at", "next_attempt_at"], merchant: true },
  webhook_attempts: { columns: ["created_at"], merchant: false },
  customers: { columns: ["created_at", "first_paid_at", "last_paid_at"], merchant: true },
  audit_log: { columns: ["created_at"], merchant: false },
};

/**
 * Moves what the history wrote since `since` to the times it stands for, in one transaction
 * (the merchant's customers folded first), then rebuilds the overview's day rollups (daily_volume, daily_sessions: keyed by day, kept by
 * insert triggers) for the merchant's test mode from the moved rows, and drops its cached search
 * totals. The kept list counts follow by themselves (their triggers see the updates).
 */
export async function backdate(db: Db, input: { merchantId: string; since: Date; until: Date; marks: TimeMark[] }): Promise<void> {
  if (input.marks.length === 0) return;
  const marks = sql.join(
    input.marks.map((m) => sql`(${m.real.toISOString()}::timestamptz, ${String(m.target.getTime() - m.real.getTime())}::bigint)`),
    sql`, `,
  );
  const since = input.since.toISOString();
  const until = input.until.toISOString();
  const shiftOf = (anchor: SQL) => sql`coalesce((select m.shift from m where m.real <= ${anchor} order by m.real desc limit 1), 0) * interval '1 millisecond'`;
  await db.transaction(async (tx) => {
    // The payments still pending for Customers (migration 0033) join their customers first, so
    // the kept rows move with everything else and no unmoved time is folded in later.
    for (const mode of MODES) await foldPendingCustomers(tx, { merchantId: input.merchantId, mode });
    for (const [table, { columns, merchant }] of Object.entries(TABLES)) {
      const t = sql.raw(`"${table}"`);
      const sets = sql.join(
        columns.map((c) => {
          const col = sql.raw(`x."${c}"`);
          const anchor = sql`(case when ${col} <= ${until}::timestamptz then ${col} else x.created_at end)`;
          return sql`${sql.raw(`"${c}"`)} = case when ${col} >= ${since}::timestamptz then ${col} + ${shiftOf(anchor)} else ${col} end`;
        }),
        sql`, `,
      );
      const scope = merchant ? sql`and x.merchant_id = ${input.merchantId}` : sql``;
      await tx.execute(sql`with m(real, shift) as (values ${marks}) update ${t} x set ${sets} where x.created_at >= ${since}::timestamptz ${scope}`);
    }
    const m = input.merchantId;
    await tx.execute(sql`delete from daily_volume where merchant_id = ${m} and mode = 'test'`);
    await tx.execute(sql`insert into daily_volume (merchant_id, mode, day, amount_kobo, count)
      select merchant_id, mode, owo_lagos_day(paid_at), sum(amount), count(*) from payments where merchant_id = ${m} and mode = 'test' group by 1, 2, 3`);
    await tx.execute(sql`delete from daily_sessions where merchant_id = ${m} and mode = 'test'`);
    await tx.execute(sql`insert into daily_sessions (merchant_id, mode, day, started, completed)
      select merchant_id, mode, day, sum(started), sum(completed) from (
        select merchant_id, mode, owo_lagos_day(created_at) as day, 1 as started, 0 as completed from checkout_sessions where merchant_id = ${m} and mode = 'test'
        union all
        select merchant_id, mode, owo_lagos_day(coalesce(paid_at, updated_at)), 0, 1 from checkout_sessions where merchant_id = ${m} and mode = 'test' and status = 'completed'
      ) s group by 1, 2, 3`);
    await tx.execute(sql`delete from search_counts where merchant_id = ${m}`);
  });
}

/** Points a key pair's webhooks at `url` (the demo's failing endpoint). */
export async function setDemoWebhookUrl(db: DbOrTx, input: { keyPairId: string; url: string }): Promise<void> {
  await db.execute(sql`update api_key_pairs set webhook_url = ${input.url} where id = ${input.keyPairId}`);
}

/** The demo's span: its oldest and newest test payment, and on how many Lagos days. */
export async function historySpan(db: DbOrTx, merchantId: string) {
  const [row] = await queryRows<{ oldest: string | null; newest: string | null; days: number }>(
    db,
    sql`select min(paid_at)::text as oldest, max(paid_at)::text as newest, count(distinct owo_lagos_day(paid_at))::int as days from payments where merchant_id = ${merchantId} and mode = 'test'`,
  );
  return row!;
}
