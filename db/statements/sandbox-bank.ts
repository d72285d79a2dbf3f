import { sql } from "drizzle-orm";
import { preparedRows, queryRows, type DbOrTx } from "@/db/client";

/** The sandbox bank's desk (lib/rails/sandbox): what it answers for a transfer or refund. */
export type SandboxOutcome = { status: "pending" | "completed" | "failed"; reason: string | null };

/** A new sandbox transfer (`pending`), or the one already made under this reference: one prepared statement. */
export async function insertSandboxTransfer(
  db: DbOrTx,
  input: { reference: string; amount: number; bankCode: string; accountNumber: string },
): Promise<SandboxOutcome> {
  const [row] = await preparedRows<SandboxOutcome>(
    db,
    `insert into sandbox_bank_transfers (reference, amount, bank_code, account_number)
     values ($1::text, $2::text::bigint, $3::text, $4::text)
     on conflict (reference) do update set reference = excluded.reference
     returning status, reason`,
    [input.reference, String(input.amount), input.bankCode, input.accountNumber],
  );
  return row!;
}

/** A sandbox refund, decided at once, on the transfer desk (or the one already made under this reference). */
export async function insertSandboxRefund(
  db: DbOrTx,
  input: { reference: string; amount: number; bankCode: string; accountNumber: string; status: "completed" | "failed"; reason: string | null },
): Promise<SandboxOutcome> {
  const [row] = await preparedRows<SandboxOutcome>(
    db,
    `insert into sandbox_bank_transfers (reference, amount, bank_code, account_number, status, reason)
     values ($1::text, $2::text::bigint, $3::text, $4::text, $5::text, $6::text)
     on conflict (reference) do update set reference = excluded.reference
     returning status, reason`,
    [input.reference, String(input.amount), input.bankCode, input.accountNumber, input.status, input.reason],
  );
  return row!;
}

/** Applies a decided outcome to one pending transfer. */
export async function applySandboxTransferDecision(db: DbOrTx, reference: string): Promise<void> {
  await db.execute(
    sql`update sandbox_bank_transfers set status = decided_status, updated_at = now()
        where reference = ${reference} and status = 'pending' and decided_status is not null`,
  );
}

/** Which pending transfers a tick looks at: all, one reference, or a merchant's pending test-mode settlement payouts. */
export type SandboxTickScope = { reference: string } | { settlementPayoutsOf: string };

/**
 * The sandbox bank's clock tick: decided outcomes apply; undecided transfers complete when
 * `settleUndecided`. Answers the references it settled.
 */
export function settleSandboxTransfers(db: DbOrTx, input: { settleUndecided: boolean; only?: SandboxTickScope }): Promise<{ reference: string }[]> {
  const only = !input.only
    ? sql``
    : "reference" in input.only
      ? sql`and reference in (${input.only.reference})`
      : sql`and reference in (select reference from settlement_payouts where merchant_id = ${input.only.settlementPayoutsOf}::uuid and mode = 'test' and status = 'pending')`;
  return queryRows<{ reference: string }>(
    db,
    sql`update sandbox_bank_transfers
        set status = coalesce(decided_status, 'completed'), updated_at = now()
        where status = 'pending' and (decided_status is not null or ${input.settleUndecided})
          ${only}
        returning reference`,
  );
}
