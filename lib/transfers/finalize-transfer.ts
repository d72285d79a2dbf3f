import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { journalEntries, transfers, type Transfer } from "@/db/schema";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { platformAccount } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { reverseEntry } from "@/lib/ledger/reverse-entry";
import { releaseDailySpend } from "./transfer-limits";
import { debitReference } from "./transfer-references";
import { emitTransferEvent } from "./transfer-events";

/**
 * Records the bank's outcome of a pending bank transfer, once: completed moves the held
 * money to bank clearing, fees, VAT and stamp duty; failed reverses the debit. Either way
 * the event is written in the same transaction; a failed one stops counting against the
 * wallet's daily limit. A transfer already decided is left as is.
 */
export async function finalizeTransfer(
  db: Db,
  input: { transferId: string; status: "completed" | "failed"; reason?: string | null },
): Promise<Transfer> {
  const { transfer, eventIds } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(transfers).where(eq(transfers.id, input.transferId)).for("update");
    if (!current || current.status !== "pending") return { transfer: current!, eventIds: [] };
    const now = new Date();
    let updated: Transfer | undefined;
    if (input.status === "completed") {
      const [held, clearing, fees, vat, stamp] = await Promise.all([
        platformAccount(tx, current.mode, "transfers_in_flight"),
        platformAccount(tx, current.mode, "bank_clearing"),
        platformAccount(tx, current.mode, "fee_revenue"),
        platformAccount(tx, current.mode, "vat_payable"),
        platformAccount(tx, current.mode, "stamp_duty_payable"),
      ]);
      const moves = [
        { from: held.id, to: clearing.id, amount: current.amount },
        { from: held.id, to: fees.id, amount: current.fee },
        { from: held.id, to: vat.id, amount: current.vat },
        { from: held.id, to: stamp.id, amount: current.stampDuty },
      ].filter((m) => m.amount > 0);
      await postEntry(tx, {
        reference: `${current.reference}:settle`,
        mode: current.mode,
        merchantId: current.merchantId,
        kind: "transfer_settled",
        description: `Transfer ${current.reference} paid out`,
        moves,
      });
      [updated] = await tx.update(transfers).set({ status: "completed", completedAt: now, nextCheckAt: null }).where(eq(transfers.id, current.id)).returning();
    } else {
      await releaseDailySpend(tx, current);
      const [debit] = await tx.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.reference, debitReference(current)));
      await reverseEntry(tx, {
        entryId: debit!.id,
        reference: `${current.reference}:reverse`,
        kind: "transfer_reversed",
        description: `Transfer ${current.reference} failed: refunded`,
      });
      [updated] = await tx
        .update(transfers)
        .set({ status: "failed", failedAt: now, failureReason: input.reason ?? "The bank could not complete the transfer", nextCheckAt: null })
        .where(eq(transfers.id, current.id))
        .returning();
    }
    return { transfer: updated!, eventIds: await emitTransferEvent(tx, updated!) };
  });
  deliverAfterCommit(eventIds);
  return transfer;
}
