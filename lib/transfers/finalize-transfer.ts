import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { journalEntries, transfers, type Transfer } from "@/db/schema";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import type { DbOrTx } from "@/db/client";
import { clearingAccount, platformAccount, providerFeesAccount } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { reverseEntry } from "@/lib/ledger/reverse-entry";
import { releaseDailySpend } from "./transfer-limits";
import { debitReference } from "./transfer-references";
import { emitTransferEvent } from "./transfer-events";

/**
 * Records the bank's outcome of a pending bank transfer, once: completed moves the held
 * money to the rail's clearing account, fees, VAT and stamp duty (and the provider's fee, when
 * it said, from the platform's cost into clearing); failed reverses the debit. A completed
 * transfer its rail took back becomes `reversed`: the settle and the debit are reversed, so
 * the amount and fees return to the wallet (supplement §11). Either way the event is written
 * in the same transaction; a failed or reversed one stops counting against the wallet's daily
 * limit. A transfer already in that state is left as is.
 */
export async function finalizeTransfer(
  db: Db,
  input: { transferId: string; status: "completed" | "failed" | "reversed"; reason?: string | null; providerFee?: number | null },
): Promise<Transfer> {
  const { transfer, eventIds } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(transfers).where(eq(transfers.id, input.transferId)).for("update");
    if (input.status === "reversed") {
      if (!current || current.status !== "completed") return { transfer: current!, eventIds: [] };
      return reverseCompleted(tx, current, input.reason ?? null);
    }
    if (!current || current.status !== "pending") return { transfer: current!, eventIds: [] };
    const now = new Date();
    let updated: Transfer | undefined;
    if (input.status === "completed") {
      const [held, clearing, fees, vat, stamp] = await Promise.all([
        platformAccount(tx, current.mode, "transfers_in_flight"),
        clearingAccount(tx, current.mode, current.rail),
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
      const providerFee = input.providerFee ?? current.railFee ?? 0;
      if (providerFee > 0 && current.rail && current.rail !== "sandbox") {
        await postEntry(tx, {
          reference: `${current.reference}:provider_fee`,
          mode: current.mode,
          merchantId: current.merchantId,
          kind: "provider_fee",
          description: `${current.rail} fee for transfer ${current.reference}`,
          moves: [{ from: (await providerFeesAccount(tx, current.mode, current.rail)).id, to: clearing.id, amount: providerFee }],
        });
      }
      [updated] = await tx
        .update(transfers)
        .set({ status: "completed", completedAt: now, nextCheckAt: null, railAttention: null, railFee: providerFee || current.railFee })
        .where(eq(transfers.id, current.id))
        .returning();
    } else {
      await releaseDailySpend(tx, current);
      const [debit] = await tx
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(eq(journalEntries.reference, debitReference(current)));
      await reverseEntry(tx, {
        entryId: debit!.id,
        reference: `${current.reference}:reverse`,
        kind: "transfer_reversed",
        description: `Transfer ${current.reference} failed: refunded`,
      });
      [updated] = await tx
        .update(transfers)
        .set({
          status: "failed",
          failedAt: now,
          failureReason: input.reason ?? "The bank could not complete the transfer",
          nextCheckAt: null,
          railAttention: null,
        })
        .where(eq(transfers.id, current.id))
        .returning();
    }
    return { transfer: updated!, eventIds: await emitTransferEvent(tx, updated!) };
  });
  deliverAfterCommit(eventIds);
  return transfer;
}

/** completed → reversed: the payout entry and the debit are reversed (money and fees back in the wallet). */
async function reverseCompleted(tx: DbOrTx, current: Transfer, reason: string | null): Promise<{ transfer: Transfer; eventIds: string[] }> {
  for (const [ref, suffix] of [
    [`${current.reference}:settle`, "unsettle"],
    [debitReference(current), "reverse"],
  ] as const) {
    const [entry] = await tx.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.reference, ref));
    if (entry) {
      await reverseEntry(tx, {
        entryId: entry.id,
        reference: `${current.reference}:${suffix}`,
        kind: "transfer_reversed",
        description: `Transfer ${current.reference} reversed by the bank: refunded`,
      });
    }
  }
  await releaseDailySpend(tx, current);
  const [updated] = await tx
    .update(transfers)
    .set({ status: "reversed", reversedAt: new Date(), failureReason: reason ?? "The bank reversed the transfer", nextCheckAt: null })
    .where(eq(transfers.id, current.id))
    .returning();
  return { transfer: updated!, eventIds: await emitTransferEvent(tx, updated!) };
}
