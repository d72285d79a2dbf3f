import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";
import type { RunTotals } from "@/db/schema";

export type RunCounts = {
  lines: number;
  matched: number;
  booked: number;
  unknown_inbound: number;
  status_applied: number;
  missing_at_provider: number;
  amount_mismatch: number;
  unexpected_debit: number;
};

/**
 * A run's counts and money, computed from its lines in one statement (so the totals are the
 * sums of the lines, always): the provider's lines by outcome, Owo's entries missing at the
 * provider; money in and out the provider settled, its fees, Owo's fees on what matched
 * (payments' and payouts' fees), the margin between them.
 */
export async function runTotals(tx: DbOrTx, runId: string): Promise<{ counts: RunCounts; totals: RunTotals }> {
  const [r] = await queryRows<Record<string, string | number | null>>(
    tx,
    sql`select count(*) filter (where l.origin = 'provider')::int as lines,
               count(*) filter (where l.origin = 'provider' and l.outcome = 'matched')::int as matched,
               count(*) filter (where l.origin = 'provider' and l.outcome = 'booked')::int as booked,
               count(*) filter (where l.origin = 'provider' and l.outcome = 'unknown_inbound')::int as unknown_inbound,
               count(*) filter (where l.origin = 'provider' and l.outcome = 'status_applied')::int as status_applied,
               count(*) filter (where l.origin = 'owo')::int as missing_at_provider,
               count(*) filter (where l.origin = 'provider' and l.outcome = 'amount_mismatch')::int as amount_mismatch,
               count(*) filter (where l.origin = 'provider' and l.outcome = 'unexpected_debit')::int as unexpected_debit,
               coalesce(sum(l.amount) filter (where l.origin = 'provider' and l.direction = 'in' and l.status = 'success'), 0)::text as money_in,
               coalesce(sum(l.amount) filter (where l.origin = 'provider' and l.direction = 'out' and l.status = 'success'), 0)::text as money_out,
               coalesce(sum(l.fee) filter (where l.origin = 'provider' and l.status = 'success'), 0)::text as provider_fees,
               (coalesce(sum(p.fee) filter (where l.origin = 'provider'), 0) + coalesce(sum(t.fee) filter (where l.origin = 'provider' and t.status = 'completed'), 0))::text as owo_fees
        from statement_lines l
        left join payments p on l.direction = 'in' and l.matched_kind = 'payment' and p.reference = l.matched_reference
        left join transfers t on l.direction = 'out' and l.matched_kind = 'transfer' and t.reference = l.matched_reference
        where l.run_id = ${runId}::uuid`,
  );
  const n = (k: string) => Number(r![k] ?? 0);
  const counts: RunCounts = {
    lines: n("lines"),
    matched: n("matched"),
    booked: n("booked"),
    unknown_inbound: n("unknown_inbound"),
    status_applied: n("status_applied"),
    missing_at_provider: n("missing_at_provider"),
    amount_mismatch: n("amount_mismatch"),
    unexpected_debit: n("unexpected_debit"),
  };
  const totals: RunTotals = {
    in: n("money_in"),
    out: n("money_out"),
    providerFees: n("provider_fees"),
    owoFees: n("owo_fees"),
    margin: n("owo_fees") - n("provider_fees"),
  };
  return { counts, totals };
}
