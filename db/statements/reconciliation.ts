import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";
import type { RunTotals } from "@/db/schema";

/**
 * Reconciliation's hand-written statements (supplement §12; lib/reconciliation runs them in
 * order: lib/reconciliation/run-reconciliation.ts): a run claimed and closed, a statement's
 * lines stored (matched on the way in by the provider's reference), matched set-based by the
 * other keys, Owo's entries missing at the provider, suggestions, and the run's totals summed
 * from its lines.
 */

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

/** What a stored line carries (lib/rails/rail.ts StatementLine, normalised from the provider's statement). */
export type StoredLine = {
  direction: string;
  providerReference: string;
  owoReference: string | null;
  sessionId: string | null;
  status: string;
  amount: number;
  fee: number | null;
  valueAt: Date | null;
  accountNumber: string | null;
  accountReference: string | null;
  payer: unknown;
};

export type LineSource = { runId: string; rail: string; mode: "test" | "live"; source: "api" | "file"; fileHash: string | null };

/**
 * Stores a batch of normalised lines in one statement (a JSON array unpacked by
 * `jsonb_to_recordset`), matched on the way in by the first key of supplement §12 (the
 * provider's reference: a payment's or payout's rail reference; `matchLines` takes the rest),
 * so the common case writes each line once. A line the run already has (same origin, direction
 * and provider reference) is left as it is, so reading a day or a file again adds nothing.
 * Returns how many were new.
 */
export async function storeLines(tx: DbOrTx, at: LineSource, lines: StoredLine[]): Promise<number> {
  if (lines.length === 0) return 0;
  const json = JSON.stringify(
    lines.map((l) => ({
      d: l.direction,
      r: l.providerReference,
      o: l.owoReference,
      s: l.sessionId,
      st: l.status,
      a: l.amount,
      f: l.fee,
      v: l.valueAt ? l.valueAt.toISOString() : null,
      an: l.accountNumber,
      ar: l.accountReference,
      p: l.payer,
    })),
  );
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with added as (
          insert into statement_lines (id, run_id, rail, mode, origin, direction, provider_reference, owo_reference, session_id, status, amount, fee, value_at, account_number, account_reference, payer, source, file_hash,
                                       outcome, matched_kind, matched_reference, detail)
          select gen_random_uuid(), ${at.runId}::uuid, ${at.rail}, ${at.mode}, 'provider', x.d, x.r, x.o, x.s, x.st, x.a, x.f, x.v, x.an, x.ar, x.p, ${at.source}, ${at.fileHash},
                 case when p.reference is not null then ${paymentOutcome(sql`p.amount`, sql`x.a`)}
                      when t.reference is not null then ${transferOutcome({ amount: sql`t.amount`, status: sql`t.status` }, { amount: sql`x.a`, status: sql`x.st` })} end,
                 case when p.reference is not null then 'payment' when t.reference is not null then 'transfer' end,
                 coalesce(p.reference, t.reference),
                 case when p.reference is not null then ${mismatchDetail("booked", sql`p.amount`, sql`x.a`)}
                      when t.reference is not null then ${mismatchDetail("sent", sql`t.amount`, sql`x.a`)} end
          from jsonb_to_recordset(${json}::jsonb) as x(d text, r text, o text, s text, st text, a bigint, f bigint, v timestamptz, an text, ar text, p jsonb)
          left join payments p on x.d = 'in' and p.rail = ${at.rail} and p.rail_reference = x.r and p.mode = ${at.mode}
          left join transfers t on x.d = 'out' and t.rail = ${at.rail} and t.rail_reference = x.r and t.mode = ${at.mode}
          on conflict (run_id, origin, direction, provider_reference) do nothing
          returning 1)
        select count(*)::int as n from added`,
  );
  return rows[0]!.n;
}

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

/** A run left `running` this long ago is taken to have died and may be taken over (its cursor resumes it). */
const STALE_MINUTES = 15;

/**
 * Claims the run of a rail, mode, day and source: a new one, or the existing one run again
 * (its cursor kept unless it had completed), unless another is running it (and started less
 * than STALE_MINUTES ago): then no row.
 */
export async function claimReconciliationRun(
  db: DbOrTx,
  input: { rail: string; mode: string; day: string; fileHash: string | null; fileName: string | null; startedBy: string | null },
): Promise<{ id: string } | undefined> {
  const sourceKey = input.fileHash ? `file:${input.fileHash}` : "api";
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into reconciliation_runs (id, rail, mode, day, source, source_key, file_name, started_by, attempts)
        values (gen_random_uuid(), ${input.rail}, ${input.mode}, ${input.day}::date, ${input.fileHash ? "file" : "api"}, ${sourceKey}, ${input.fileName}, ${input.startedBy}, 1)
        on conflict (rail, mode, day, source_key) do update set
          attempts = reconciliation_runs.attempts + 1, status = 'running', error = null, started_at = now(), finished_at = null, started_by = excluded.started_by,
          cursor = case when reconciliation_runs.status = 'completed' then null else reconciliation_runs.cursor end
        where reconciliation_runs.status <> 'running' or reconciliation_runs.started_at < now() - make_interval(mins => ${STALE_MINUTES})
        returning id`,
  );
  return row;
}

/** A run that could not go on: `failed`, with the error's message. */
export async function failReconciliationRun(db: DbOrTx, runId: string, message: string): Promise<void> {
  await queryRows(db, sql`update reconciliation_runs set status = 'failed', error = ${message}, finished_at = now() where id = ${runId}::uuid`);
}

/** A run done: `completed`, its counts, balances and totals. */
export async function completeReconciliationRun(
  db: DbOrTx,
  input: { runId: string; counts: RunCounts; totals: RunTotals; providerBalance: number | null; ledgerBalance: number },
): Promise<{ id: string } | undefined> {
  const { counts } = input;
  const [done] = await queryRows<{ id: string }>(
    db,
    sql`update reconciliation_runs set status = 'completed', cursor = null, finished_at = now(), error = null,
          lines = ${counts.lines}, matched = ${counts.matched}, booked = ${counts.booked}, unknown_inbound = ${counts.unknown_inbound},
          status_applied = ${counts.status_applied}, missing_at_provider = ${counts.missing_at_provider}, amount_mismatch = ${counts.amount_mismatch},
          unexpected_debit = ${counts.unexpected_debit}, provider_balance = ${input.providerBalance}, ledger_balance = ${input.ledgerBalance}, totals = ${JSON.stringify(input.totals)}::jsonb
        where id = ${input.runId}::uuid returning id`,
  );
  return done;
}

/** Where a run's reading of the provider's statement stands (null: nothing left to read). */
export async function saveReconciliationCursor(tx: DbOrTx, runId: string, cursor: unknown): Promise<void> {
  await queryRows(tx, sql`update reconciliation_runs set cursor = ${cursor ? JSON.stringify(cursor) : null}::jsonb where id = ${runId}::uuid`);
}

/** How many API runs of a live rail's day are completed, running, or started within `retryMinutes` (the scheduler's reconcile_rails job). */
export async function countRecentReconciliationRuns(db: DbOrTx, input: { rail: string; day: string; retryMinutes: number }): Promise<number> {
  const [seen] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reconciliation_runs
        where rail = ${input.rail} and mode = 'live' and day = ${input.day}::date and source_key = 'api'
          and (status in ('completed', 'running') or started_at > now() - make_interval(mins => ${input.retryMinutes}))`,
  );
  return seen!.n;
}

/** A provider line matching left undecided (lib/reconciliation/settle-lines.ts). */
export type OpenLine = {
  id: string;
  direction: "in" | "out";
  provider_reference: string;
  status: string;
  amount: number;
  matched_kind: string | null;
  matched_reference: string | null;
};

/** A run's provider lines with no outcome yet, in the order they were stored. */
export function openProviderLines(db: DbOrTx, runId: string): Promise<OpenLine[]> {
  return queryRows<OpenLine>(
    db,
    sql`select id, direction, provider_reference, status, amount::float8 as amount, matched_kind, matched_reference
        from statement_lines where run_id = ${runId}::uuid and origin = 'provider' and outcome is null order by created_at, id`,
  );
}

/** A line's outcome, and what it matched (kept when not given). */
export async function decideStatementLine(
  db: DbOrTx,
  lineId: string,
  decision: { outcome: string; kind?: string | null; reference?: string | null; detail?: string | null },
): Promise<void> {
  await queryRows(
    db,
    sql`update statement_lines set outcome = ${decision.outcome}, matched_kind = coalesce(${decision.kind ?? null}, matched_kind),
          matched_reference = coalesce(${decision.reference ?? null}, matched_reference), detail = ${decision.detail ?? null}
        where id = ${lineId}::uuid`,
  );
}

/**
 * Per Lagos day between `first` and `last`: the provider's balance less the ledger's over the
 * day's latest completed runs (API first), and their exceptions.
 */
export function dailyReconciliationDifferences(db: DbOrTx, input: { first: string; last: string }) {
  return queryRows<{ day: string; difference: string | null; exceptions: number }>(
    db,
    sql`with latest as (
          select distinct on (rail, mode, day) day, provider_balance, ledger_balance, missing_at_provider + amount_mismatch + unexpected_debit as exceptions
          from reconciliation_runs where status = 'completed' and day between ${input.first}::date and ${input.last}::date
          order by rail, mode, day, (source_key = 'api') desc, finished_at desc)
        select day::text as day, sum(provider_balance - ledger_balance)::text as difference, sum(exceptions)::int as exceptions from latest group by day`,
  );
}
