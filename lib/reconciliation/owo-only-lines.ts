import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

/**
 * `missing_at_provider` (supplement §12): Owo's entries at the rail for the day that no line of
 * the run matched: payments booked from the rail, payouts the rail took (pending or completed).
 * Each is kept as an `owo` line of the run (not counted in `lines`) for an admin; one that a
 * line matches on a later run is dropped, unless an admin already acted on it.
 */
export async function recordOwoOnlyLines(
  tx: DbOrTx,
  run: { id: string; rail: string; mode: string; from: Date; to: Date; source: "api" | "file" },
): Promise<void> {
  const from = sql`${run.from.toISOString()}::timestamptz`;
  const to = sql`${run.to.toISOString()}::timestamptz`;
  const matched = (ref: string) =>
    sql`exists (select 1 from statement_lines m where m.run_id = ${run.id}::uuid and m.origin = 'provider' and m.matched_reference = ${sql.raw(ref)})`;
  await queryRows(
    tx,
    sql`delete from statement_lines o where o.run_id = ${run.id}::uuid and o.origin = 'owo' and o.resolution is null and ${matched("o.matched_reference")}`,
  );
  await queryRows(
    tx,
    sql`insert into statement_lines (id, run_id, rail, mode, origin, direction, provider_reference, status, amount, fee, value_at, source, outcome, matched_kind, matched_reference, detail)
        select gen_random_uuid(), ${run.id}::uuid, p.rail, p.mode, 'owo', 'in', p.rail_reference, 'success', p.amount, p.rail_fee, p.paid_at, ${run.source}, 'missing_at_provider', 'payment', p.reference,
               'Owo booked this payment; the provider has no such transaction'
        from payments p
        where p.rail = ${run.rail} and p.mode = ${run.mode} and p.rail_reference is not null and p.paid_at >= ${from} and p.paid_at < ${to} and not ${matched("p.reference")}
        union all
        select gen_random_uuid(), ${run.id}::uuid, t.rail, t.mode, 'owo', 'out', t.rail_reference, case when t.status = 'completed' then 'success' else 'pending' end, t.amount, t.rail_fee, t.created_at, ${run.source},
               'missing_at_provider', 'transfer', t.reference, 'Owo sent this payout through the rail; the provider has no such transfer'
        from transfers t
        where t.rail = ${run.rail} and t.mode = ${run.mode} and t.rail_reference is not null and t.bank_submitted_at is not null and t.status in ('pending', 'completed')
          and t.created_at >= ${from} and t.created_at < ${to} and not ${matched("t.reference")}
        on conflict (run_id, origin, direction, provider_reference) do nothing`,
  );
}
