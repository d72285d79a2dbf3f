import { eq, sql, type SQL } from "drizzle-orm";
import { getDb, preparedRows, queryRows } from "@/db/client";
import { sandboxBankTransfers } from "@/db/schema";
import type { BankTransferRequest, BankTransferStatus } from "@/lib/bank/provider";

/**
 * The sandbox bank's transfer desk. It records each transfer once per reference (a repeat
 * is the same transfer), answers `pending` until it settles, and settles on its clock tick
 * (the scheduler's `sandbox_bank_clock` job): the decided outcome, else completed.
 */
export async function sandboxSendTransfer(input: BankTransferRequest): Promise<BankTransferStatus> {
  const db = await getDb();
  // One prepared statement: a new transfer, or the one already made under this reference.
  const [row] = await preparedRows<BankTransferStatus>(
    db,
    `insert into sandbox_bank_transfers (reference, amount, bank_code, account_number)
     values ($1::text, $2::text::bigint, $3::text, $4::text)
     on conflict (reference) do update set reference = excluded.reference
     returning status, reason`,
    [input.reference, String(input.amount), input.bankCode, input.accountNumber],
  );
  return { status: row!.status, reason: row!.reason };
}

export async function sandboxTransferStatus(reference: string): Promise<BankTransferStatus | null> {
  const db = await getDb();
  const [row] = await db.select().from(sandboxBankTransfers).where(eq(sandboxBankTransfers.reference, reference));
  return row ? { status: row.status, reason: row.reason } : null;
}

/** A test decides how a pending sandbox transfer ends; it applies on the next look. */
export async function decideSandboxTransfer(input: { reference: string; status: "completed" | "failed"; reason?: string | null }): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(sandboxBankTransfers)
    .set({ decidedStatus: input.status, reason: input.status === "failed" ? (input.reason ?? "Declined by the beneficiary bank") : null })
    .where(eq(sandboxBankTransfers.reference, input.reference))
    .returning({ reference: sandboxBankTransfers.reference });
  return rows.length > 0;
}

/** Applies a decided outcome to one transfer (what a verify call sees). */
export async function applySandboxDecision(reference: string): Promise<void> {
  const db = await getDb();
  await db.execute(
    sql`update sandbox_bank_transfers set status = decided_status, updated_at = now()
        where reference = ${reference} and status = 'pending' and decided_status is not null`,
  );
}

/**
 * Applies decided outcomes at once; settles undecided transfers on the clock tick. `only`
 * limits the tick to some references (a sandbox run for one merchant's payouts).
 */
export async function tickSandboxBank(opts: { settleUndecided: boolean; only?: SQL }): Promise<number> {
  const db = await getDb();
  const rows = await queryRows<{ reference: string }>(
    db,
    sql`update sandbox_bank_transfers
        set status = coalesce(decided_status, 'completed'), updated_at = now()
        where status = 'pending' and (decided_status is not null or ${opts.settleUndecided})
          ${opts.only ? sql`and reference in (${opts.only})` : sql``}
        returning reference`,
  );
  return rows.length;
}
