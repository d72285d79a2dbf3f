import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";
import type { Params } from "@/db/params";
import type { Transfer } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { pgError } from "@/lib/ledger/db-errors";
import { lagosDay } from "@/lib/lagos-day";

/**
 * The wallet rules of supplement §7 inside initiateTransfer's one statement (no extra round
 * trip): `config` (before the transfer row `t`) reads the sending wallet's settings and the recipient's membership; the
 * transfer row is written only when members-only allows the recipient (`recipientAllowed`);
 * `totals` (after `t`), `spent` and `member_spent`, add the transfer to the Lagos day's running totals, each an upsert that
 * takes the total's row lock and checks the limit against the latest committed total (so
 * concurrent transfers never together pass it). A total that would pass its limit adds no row,
 * and the final select's guard then fails the whole statement: nothing moves.
 */
export function limitCtes(p: Params, t: Transfer): { config: string; totals: string[]; columns: string } {
  const wallet = `${p.add(t.walletPayIdId)}::uuid`;
  const recipient = `${p.add(t.recipientPayIdId)}::uuid`;
  const day = `${p.add(lagosDay(t.createdAt))}::date`;
  const merchant = `${p.add(t.merchantId)}::uuid`;
  const total = `${p.add(t.amount + t.fee + t.vat + t.stampDuty)}::bigint`;
  const config = `cfg as (
      select coalesce(s.members_only, false) as members_only, s.daily_limit as wallet_cap,
             m.id is not null as is_member, m.daily_limit as member_cap
      from (select 1) one
      left join wallet_settings s on s.pay_id_id = ${wallet}
      left join wallet_members m on m.wallet_pay_id_id = ${wallet} and m.member_pay_id_id = ${recipient})`;
  const totals = [
    `spent as (
      insert into wallet_daily_spend as d (wallet_pay_id_id, day, merchant_id, spent)
      select ${wallet}, ${day}, ${merchant}, ${total} from cfg
      where exists (select 1 from t) and (cfg.wallet_cap is null or ${total} <= cfg.wallet_cap)
      on conflict (wallet_pay_id_id, day) do update set spent = d.spent + excluded.spent
      where (select wallet_cap from cfg) is null or d.spent + excluded.spent <= (select wallet_cap from cfg)
      returning 1)`,
  ];
  const guards = [guard("spent", WALLET_LIMIT)];
  if (t.recipientPayIdId) {
    totals.push(`member_spent as (
      insert into wallet_member_daily_spend as d (wallet_pay_id_id, member_pay_id_id, day, merchant_id, spent)
      select ${wallet}, ${recipient}, ${day}, ${merchant}, ${total} from cfg
      where exists (select 1 from t) and (cfg.member_cap is null or ${total} <= cfg.member_cap)
      on conflict (wallet_pay_id_id, member_pay_id_id, day) do update set spent = d.spent + excluded.spent
      where (select member_cap from cfg) is null or d.spent + excluded.spent <= (select member_cap from cfg)
      returning 1)`);
    guards.push(guard("member_spent", MEMBER_LIMIT));
  }
  return { config, totals, columns: guards.join(", ") };
}

/** The condition the transfer row's insert is gated on: a members-only wallet pays members only. */
export const recipientAllowed = "(select not cfg.members_only or cfg.is_member from cfg)";

const WALLET_LIMIT = "wallet daily limit exceeded";
const MEMBER_LIMIT = "member daily limit exceeded";

/**
 * A column that fails the statement (a failed cast: plain SQL cannot raise) when a total refused
 * the transfer. The cast's text depends on the row count, so the planner cannot fold it early.
 */
function guard(cte: string, message: string): string {
  return `(select case when not exists (select 1 from t) or count(*) = 1 then count(*)::int else ('${message}: ' || count(*))::int end from ${cte}) as ${cte}_ok`;
}

/** Maps the guard's failure to 400 LIMIT_EXCEEDED; anything else is returned as it is. */
export function limitError(err: unknown): unknown {
  const pg = pgError(err);
  if (pg?.code !== "22P02") return err;
  const message = String((err as Error).message);
  if (message.includes(WALLET_LIMIT)) {
    return new AppError({ code: "LIMIT_EXCEEDED", status: 400, message: "This transfer would exceed the wallet's daily limit." });
  }
  if (message.includes(MEMBER_LIMIT)) {
    return new AppError({ code: "LIMIT_EXCEEDED", status: 400, message: "This transfer would exceed the daily limit for this recipient." });
  }
  return err;
}

export const recipientNotAllowed = () =>
  new AppError({ code: "RECIPIENT_NOT_ALLOWED", status: 403, message: "This wallet pays its members only: add the recipient as a member first." });

/**
 * A failed transfer no longer counts against its day (only pending and completed ones do).
 * Called in the failure's transaction before the debit is reversed, so locks are taken in the
 * order a new transfer takes them (the day's total, then the wallet's ledger account).
 */
export async function releaseDailySpend(tx: DbOrTx, t: Transfer): Promise<void> {
  const total = t.amount + t.fee + t.vat + t.stampDuty;
  await queryRows(
    tx,
    sql`update wallet_daily_spend set spent = greatest(spent - ${total}, 0)
        where wallet_pay_id_id = ${t.walletPayIdId} and day = ${lagosDay(t.createdAt)}::date`,
  );
}
