import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";
import type { StatementLine } from "@/lib/rails/rail";
import { mismatchDetail, paymentOutcome, transferOutcome } from "./match-lines";

export type LineSource = { runId: string; rail: string; mode: "test" | "live"; source: "api" | "file"; fileHash: string | null };

/**
 * Stores a batch of normalised lines in one statement (a JSON array unpacked by
 * `jsonb_to_recordset`), matched on the way in by the first key of supplement §12 (the
 * provider's reference: a payment's or payout's rail reference; `matchLines` takes the rest),
 * so the common case writes each line once. A line the run already has (same origin, direction
 * and provider reference) is left as it is, so reading a day or a file again adds nothing.
 * Returns how many were new.
 */
export async function storeLines(tx: DbOrTx, at: LineSource, lines: StatementLine[]): Promise<number> {
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
