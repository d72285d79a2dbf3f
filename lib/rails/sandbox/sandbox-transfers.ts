import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { sandboxBankTransfers } from "@/db/schema";
import { applySandboxTransferDecision, insertSandboxTransfer, settleSandboxTransfers, type SandboxTickScope } from "@/db/statements/sandbox-bank";
import type { BankTransferRequest, BankTransferStatus } from "@/lib/bank/provider";

/**
 * The sandbox bank's transfer desk. It records each transfer once per reference (a repeat
 * is the same transfer), answers `pending` until it settles, and settles on its clock tick
 * (the scheduler's `sandbox_bank_clock` job): the decided outcome, else completed.
 */
export async function sandboxSendTransfer(input: BankTransferRequest): Promise<BankTransferStatus> {
  const db = await getDb();
  // One prepared statement: a new transfer, or the one already made under this reference.
  const row = await insertSandboxTransfer(db, {
    reference: input.reference,
    amount: input.amount,
    bankCode: input.bankCode,
    accountNumber: input.accountNumber,
  });
  return { status: row.status, reason: row.reason };
}

export async function sandboxTransferStatus(reference: string): Promise<BankTransferStatus | null> {
  const db = await getDb();
  const [row] = await db.select().from(sandboxBankTransfers).where(eq(sandboxBankTransfers.reference, reference));
  return row ? { status: row.status, reason: row.reason } : null;
}

/**
 * A test decides how a transfer still pending at the sandbox bank ends; it applies on the next
 * look. False when the bank has no such transfer or already settled it (a scheduler pass may
 * settle it before Owo looks): the decision would never apply, so it is not taken.
 */
export async function decideSandboxTransfer(input: { reference: string; status: "completed" | "failed"; reason?: string | null }): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(sandboxBankTransfers)
    .set({ decidedStatus: input.status, reason: input.status === "failed" ? (input.reason ?? "Declined by the beneficiary bank") : null })
    .where(and(eq(sandboxBankTransfers.reference, input.reference), eq(sandboxBankTransfers.status, "pending")))
    .returning({ reference: sandboxBankTransfers.reference });
  return rows.length > 0;
}

/** Applies a decided outcome to one transfer (what a verify call sees). */
export async function applySandboxDecision(reference: string): Promise<void> {
  const db = await getDb();
  await applySandboxTransferDecision(db, reference);
}

/**
 * Applies decided outcomes at once; settles undecided transfers on the clock tick. `only`
 * limits the tick to one reference, or to a merchant's pending settlement payouts (a sandbox run).
 */
export async function tickSandboxBank(opts: { settleUndecided: boolean; only?: SandboxTickScope }): Promise<number> {
  const db = await getDb();
  return (await settleSandboxTransfers(db, opts)).length;
}
