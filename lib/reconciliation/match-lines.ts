import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

/**
 * The outcome of a line against the record its key found (the same rule wherever the match is
 * made: as lines are stored, `storeLines`, or by `matchLines` on a later run). Money in: its
 * amount, or `amount_mismatch`. A payout: `amount_mismatch`; `matched` when the provider's status
 * agrees with Owo's (or is still pending); else undecided (null), for the status query.
 */
export const paymentOutcome = (owoAmount: SQL, lineAmount: SQL) => sql`case when ${owoAmount} = ${lineAmount} then 'matched' else 'amount_mismatch' end`;
export const transferOutcome = (t: { amount: SQL; status: SQL }, line: { amount: SQL; status: SQL }) =>
  sql`case when ${t.amount} <> ${line.amount} then 'amount_mismatch'
           when ${line.status} = 'pending' or (${line.status} = 'success' and ${t.status} = 'completed') or (${line.status} = ${t.status} and ${line.status} in ('failed', 'reversed')) then 'matched'
           else null end`;
export const mismatchDetail = (verb: string, owoAmount: SQL, lineAmount: SQL) =>
  sql`case when ${owoAmount} = ${lineAmount} then null else ${`Owo ${verb} `} || ${owoAmount} || ' kobo' end`;

/** A provider line still to decide (new, or an exception no admin has resolved: run again, it may now match). */
const open = (runId: string) => sql`l.run_id = ${runId}::uuid and l.origin = 'provider' and l.outcome is null and l.matched_kind is null`;

/**
 * Supplement §12's matching, in its order, set-based: one UPDATE per key over every open line
 * of the run (no round trip per line). Money in: the provider's transaction reference (the
 * payment's rail reference), Owo's reference, the NIP session id (a static account's payment),
 * then money the inbound road already put in suspense. Money out: Owo's payout under the
 * provider's reference, then Owo's reference (a file's column), then a refund paid as a payout.
 * A line whose amount differs is `amount_mismatch`; a payout the provider settled otherwise is
 * left undecided with its transfer named, for the status query (`settle-lines.ts`).
 * Amount and time only suggest (`suggestMatches`).
 */
export async function matchLines(tx: DbOrTx, runId: string): Promise<void> {
  // Exceptions not yet resolved are looked at again.
  await run(
    tx,
    sql`update statement_lines l set outcome = null, matched_kind = null, matched_reference = null, detail = null
        where l.run_id = ${runId}::uuid and l.origin = 'provider' and l.outcome in ('amount_mismatch', 'unexpected_debit') and l.resolution is null`,
  );
  const inPayment = (join: SQL) =>
    sql`update statement_lines l
        set outcome = ${paymentOutcome(sql`p.amount`, sql`l.amount`)},
            matched_kind = 'payment', matched_reference = p.reference,
            detail = ${mismatchDetail("booked", sql`p.amount`, sql`l.amount`)}
        from payments p
        where ${open(runId)} and l.direction = 'in' and p.mode = l.mode and ${join}`;
  await run(tx, inPayment(sql`p.rail = l.rail and p.rail_reference = l.provider_reference`));
  await run(tx, inPayment(sql`l.owo_reference is not null and p.reference = l.owo_reference`));
  await run(
    tx,
    inPayment(
      sql`l.session_id is not null and p.reference = (select s.reference from static_account_payments s where s.session_id = l.session_id and s.mode = l.mode limit 1)`,
    ),
  );
  await run(
    tx,
    sql`update statement_lines l
        set outcome = case when s.amount = l.amount then 'unknown_inbound' else 'amount_mismatch' end,
            matched_kind = 'suspense', matched_reference = s.id::text,
            detail = case when s.amount = l.amount then s.reason else 'Suspense holds ' || s.amount || ' kobo' end
        from rail_suspense s
        where ${open(runId)} and l.direction = 'in' and s.rail = l.rail and s.provider_reference = l.provider_reference`,
  );

  const outTransfer = (join: SQL) =>
    sql`update statement_lines l
        set outcome = ${transferOutcome({ amount: sql`t.amount`, status: sql`t.status` }, { amount: sql`l.amount`, status: sql`l.status` })},
            matched_kind = 'transfer', matched_reference = t.reference,
            detail = ${mismatchDetail("sent", sql`t.amount`, sql`l.amount`)}
        from transfers t
        where ${open(runId)} and l.direction = 'out' and t.mode = l.mode and ${join}`;
  await run(tx, outTransfer(sql`t.rail = l.rail and t.rail_reference = l.provider_reference`));
  await run(tx, outTransfer(sql`l.owo_reference is not null and t.reference = l.owo_reference`));
  await run(
    tx,
    sql`update statement_lines l
        set outcome = case when r.amount = l.amount then 'matched' else 'amount_mismatch' end,
            matched_kind = 'refund', matched_reference = r.id::text,
            detail = case when r.amount = l.amount then null else 'Owo refunded ' || r.amount || ' kobo' end
        from refunds r
        where ${open(runId)} and l.direction = 'out' and r.mode = l.mode and r.id::text = l.provider_reference`,
  );
}

/**
 * Lines left as exceptions get a suggestion: an Owo record of the same rail, mode and amount
 * within `windowMinutes` of the line's value time, not matched by another line of the run.
 * Only a suggestion: an admin confirms it.
 */
export async function suggestMatches(tx: DbOrTx, runId: string, windowMinutes = 30): Promise<void> {
  const window = sql`make_interval(mins => ${windowMinutes})`;
  const free = (ref: SQL) => sql`not exists (select 1 from statement_lines m where m.run_id = l.run_id and m.matched_reference = ${ref})`;
  await run(
    tx,
    sql`update statement_lines l set suggested_reference = (
          select p.reference from payments p
          where p.mode = l.mode and p.rail = l.rail and p.amount = l.amount and p.paid_at between l.value_at - ${window} and l.value_at + ${window} and ${free(sql`p.reference`)}
          order by abs(extract(epoch from p.paid_at - l.value_at)) limit 1)
        where l.run_id = ${runId}::uuid and l.origin = 'provider' and l.direction = 'in' and l.value_at is not null
          and l.outcome in ('amount_mismatch', 'unexpected_debit') and l.resolution is null`,
  );
  await run(
    tx,
    sql`update statement_lines l set suggested_reference = (
          select t.reference from transfers t
          where t.mode = l.mode and t.rail = l.rail and t.amount = l.amount and t.created_at between l.value_at - ${window} and l.value_at + ${window} and ${free(sql`t.reference`)}
          order by abs(extract(epoch from t.created_at - l.value_at)) limit 1)
        where l.run_id = ${runId}::uuid and l.origin = 'provider' and l.direction = 'out' and l.value_at is not null
          and l.outcome in ('amount_mismatch', 'unexpected_debit') and l.resolution is null`,
  );
}

async function run(tx: DbOrTx, statement: SQL): Promise<void> {
  await queryRows(tx, statement);
}
