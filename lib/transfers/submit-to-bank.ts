import { preparedRows, type Db } from "@/db/client";
import type { Transfer } from "@/db/schema";
import { getBank } from "@/lib/bank";
import { logError } from "@/lib/log";
import { finalizeTransfer } from "./finalize-transfer";
import { getTransferById } from "./get-transfer";

/**
 * Asks the bank to pay out a pending transfer (outside any database transaction). The call
 * carries our reference, so a repeat after a crash is the same transfer at the bank, never
 * a second one. A failed call leaves the transfer pending for the scheduler to retry.
 */
export async function submitToBank(db: Db, transfer: Transfer): Promise<Transfer> {
  try {
    const outcome = await getBank().sendTransfer({
      reference: transfer.reference,
      amount: transfer.amount,
      bankCode: transfer.recipientBankCode!,
      accountNumber: transfer.recipientAccountNumber!,
      accountName: transfer.recipientName,
      narration: transfer.narration,
    });
    // Sent: due again at once, so the next scheduler pass collects its outcome (this also
    // releases the lease the scheduler took to send it). Only the changed columns come back.
    const [sent] = await preparedRows<{ at: string; status: Transfer["status"] }>(
      db,
      `update transfers set bank_submitted_at = now(), next_check_at = now(), updated_at = now()
       where id = $1::uuid and bank_submitted_at is null
       returning now()::text as at, status`,
      [transfer.id],
    );
    if (outcome.status !== "pending") return finalizeTransfer(db, { transferId: transfer.id, status: outcome.status, reason: outcome.reason });
    // The row in hand plus what changed, unless something else sent or decided it meanwhile
    // (then it is read back below).
    if (sent && sent.status === transfer.status) {
      const at = new Date(sent.at);
      return { ...transfer, bankSubmittedAt: at, nextCheckAt: at, updatedAt: at };
    }
  } catch (error) {
    logError("bank transfer call failed; the scheduler will retry", { reference: transfer.reference, error });
  }
  return getTransferById(db, transfer.id);
}

/** Asks the bank where a submitted transfer stands and records a final outcome. */
export async function refreshFromBank(db: Db, transfer: Transfer): Promise<Transfer> {
  if (transfer.status !== "pending" || transfer.type !== "bank_transfer") return transfer;
  if (!transfer.bankSubmittedAt) return submitToBank(db, transfer);
  const outcome = await getBank().getTransferStatus(transfer.reference);
  if (!outcome) return submitToBank(db, transfer); // the bank never got it: send (idempotent)
  if (outcome.status === "pending") return transfer;
  return finalizeTransfer(db, { transferId: transfer.id, status: outcome.status, reason: outcome.reason });
}
