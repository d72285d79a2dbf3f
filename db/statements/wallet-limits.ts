import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";
import type { Params } from "@/db/params";

/** The texts the limit guards fail with (lib/transfers/transfer-limits.ts maps them to LIMIT_EXCEEDED). */
export const WALLET_LIMIT = "wallet daily limit exceeded";
export const MEMBER_LIMIT = "member daily limit exceeded";

/** What the wallet rules need of a transfer: plain values, the Lagos day already worked out. */
export type LimitedTransfer = { walletPayIdId: string; recipientPayIdId: string | null; merchantId: string; day: string; total: number };

/** The wallet rules' fragments: CTEs before and after the transfer row, and what the transfer row and the final select read of them. */
export type WalletLimitCtes = {
  /** Before the transfer row: the sending wallet's settings and the recipient's membership. */
  config: string;
  /** After the transfer row: the day's running totals. */
  totals: string[];
  /** The final select's guard columns. */
  columns: string;
  /** The condition the transfer row's insert is gated on: a members-only wallet pays members only. */
  recipientAllowed: string;
};

/**
 * The wallet rules of supplement §7 inside initiateTransfer's one statement (no extra round
 * trip), every CTE name starting with `prefix`: `<prefix>config` (before the transfer row, the
 * caller's `gate` CTE) reads the sending wallet's settings and the recipient's membership; the
 * transfer row is written only when members-only allows the recipient (`recipientAllowed`);
 * `totals` (after the gate), `<prefix>spent` and `<prefix>member_spent`, add the transfer to the
 * Lagos day's running totals, each an upsert that takes the total's row lock and checks the
 * limit against the latest committed total (so concurrent transfers never together pass it). A
 * total that would pass its limit adds no row, and the final select's guard columns then fail
 * the whole statement: nothing moves.
 */
export function walletLimitCtes(p: Params, t: LimitedTransfer, opts: { prefix: string; gate: string }): WalletLimitCtes {
  const wallet = `${p.add(t.walletPayIdId)}::uuid`;
  const recipient = `${p.add(t.recipientPayIdId)}::uuid`;
  const day = `${p.add(t.day)}::date`;
  const merchant = `${p.add(t.merchantId)}::uuid`;
  const total = `${p.add(t.total)}::bigint`;
  const cfg = `${opts.prefix}config`;
  const spent = `${opts.prefix}spent`;
  const memberSpent = `${opts.prefix}member_spent`;
  const gate = opts.gate;
  const config = `${cfg} as (
      select coalesce(s.members_only, false) as members_only, s.daily_limit as wallet_cap,
             m.id is not null as is_member, m.daily_limit as member_cap
      from (select 1) one
      left join wallet_settings s on s.pay_id_id = ${wallet}
      left join wallet_members m on m.wallet_pay_id_id = ${wallet} and m.member_pay_id_id = ${recipient})`;
  const totals = [
    `${spent} as (
      insert into wallet_daily_spend as d (wallet_pay_id_id, day, merchant_id, spent)
      select ${wallet}, ${day}, ${merchant}, ${total} from ${cfg}
      where exists (select 1 from ${gate}) and (${cfg}.wallet_cap is null or ${total} <= ${cfg}.wallet_cap)
      on conflict (wallet_pay_id_id, day) do update set spent = d.spent + excluded.spent
      where (select wallet_cap from ${cfg}) is null or d.spent + excluded.spent <= (select wallet_cap from ${cfg})
      returning 1)`,
  ];
  const guards = [guard(spent, gate, WALLET_LIMIT)];
  if (t.recipientPayIdId) {
    totals.push(`${memberSpent} as (
      insert into wallet_member_daily_spend as d (wallet_pay_id_id, member_pay_id_id, day, merchant_id, spent)
      select ${wallet}, ${recipient}, ${day}, ${merchant}, ${total} from ${cfg}
      where exists (select 1 from ${gate}) and (${cfg}.member_cap is null or ${total} <= ${cfg}.member_cap)
      on conflict (wallet_pay_id_id, member_pay_id_id, day) do update set spent = d.spent + excluded.spent
      where (select member_cap from ${cfg}) is null or d.spent + excluded.spent <= (select member_cap from ${cfg})
      returning 1)`);
    guards.push(guard(memberSpent, gate, MEMBER_LIMIT));
  }
  return { config, totals, columns: guards.join(", "), recipientAllowed: `(select not ${cfg}.members_only or ${cfg}.is_member from ${cfg})` };
}

/**
 * A column that fails the statement (a failed cast: plain SQL cannot raise) when a total refused
 * the transfer. The cast's text depends on the row count, so the planner cannot fold it early.
 */
function guard(cte: string, gate: string, message: string): string {
  return `(select case when not exists (select 1 from ${gate}) or count(*) = 1 then count(*)::int else ('${message}: ' || count(*))::int end from ${cte}) as ${cte}_ok`;
}

/**
 * A failed transfer no longer counts against its day: its total comes off the wallet's Lagos
 * day (never below zero), taking the total's row lock (lib/transfers/transfer-limits.ts
 * releaseDailySpend).
 */
export async function releaseWalletDailySpend(tx: DbOrTx, t: { walletPayIdId: string; day: string; total: number }): Promise<void> {
  await queryRows(
    tx,
    sql`update wallet_daily_spend set spent = greatest(spent - ${t.total}, 0)
        where wallet_pay_id_id = ${t.walletPayIdId} and day = ${t.day}::date`,
  );
}
