import type { Db } from "@/db/client";
import { recordTransferAttention, recordTransferRail, scheduleTransferCheck } from "@/db/statements/transfers";
import type { Transfer } from "@/db/schema";
import type { BankTransferStatus } from "@/lib/bank/provider";
import { logError } from "@/lib/log";
import { hasOtherRail, payoutStatus, sendPayout, type PayoutAttempt } from "@/lib/rails/payouts";
import type { RailName } from "@/lib/rails/rail";
import { finalizeTransfer } from "./finalize-transfer";
import { getTransferById } from "./get-transfer";

/**
 * Offers a pending bank transfer to the rails (outside any database transaction): test mode's
 * sandbox, live mode's rails in order (lib/rails/payouts.ts: the next rail only when one
 * definitely refused; never while an outcome is unknown). The call carries our reference, so a
 * repeat after a crash is the same transfer at the provider, never a second one. Where it went
 * is written before anything else; a call that fails leaves it pending for the scheduler.
 */
export async function submitToBank(db: Db, transfer: Transfer): Promise<Transfer> {
  let attempt: PayoutAttempt;
  try {
    attempt = await sendPayout(
      transfer.mode,
      {
        reference: transfer.reference,
        amount: transfer.amount,
        bankCode: transfer.recipientBankCode!,
        accountNumber: transfer.recipientAccountNumber!,
        accountName: transfer.recipientName,
        narration: transfer.narration,
      },
      { rail: (transfer.rail as RailName | null) ?? null, refused: (transfer.railsRefused ?? []) as RailName[] },
    );
  } catch (error) {
    logError("bank transfer call failed; the scheduler will retry", { reference: transfer.reference, error });
    return getTransferById(db, transfer.id);
  }
  if (attempt.kind === "refused") {
    await recordPlace(db, transfer, { rail: null, railReference: null, refused: attempt.refused, submitted: false });
    return finalizeTransfer(db, { transferId: transfer.id, status: "failed", reason: attempt.reason });
  }
  // Sent (or maybe sent): due again at once, so the next scheduler pass collects its outcome
  // (this also releases the lease the scheduler took to send it).
  // An unknown outcome records only where it went (never elsewhere from now on); the next look
  // offers it to that rail again under the same reference, as if it had never been sent.
  const sent = await recordPlace(db, transfer, {
    rail: attempt.rail,
    railReference: attempt.railReference,
    refused: attempt.refused,
    submitted: attempt.kind === "sent",
  });
  if (attempt.kind === "sent") {
    const decided = await applyOutcome(db, transfer, attempt.outcome);
    if (decided) return decided;
  }
  if (sent && sent.status === transfer.status) {
    const at = new Date(sent.at);
    return {
      ...transfer,
      rail: attempt.rail,
      railReference: attempt.railReference,
      bankSubmittedAt: transfer.bankSubmittedAt ?? at,
      nextCheckAt: at,
      updatedAt: at,
    };
  }
  return getTransferById(db, transfer.id);
}

async function recordPlace(db: Db, transfer: Transfer, p: { rail: RailName | null; railReference: string | null; refused: RailName[]; submitted: boolean }) {
  return recordTransferRail(db, { id: transfer.id, rail: p.rail, railReference: p.railReference, refused: p.refused, submitted: p.submitted });
}

/** A final answer is recorded; a pending one records what needs a person and the provider's fee. Null when still pending. */
async function applyOutcome(db: Db, transfer: Transfer, outcome: BankTransferStatus): Promise<Transfer | null> {
  if (outcome.status === "pending") {
    if (outcome.attention !== undefined || outcome.fee != null) {
      await recordTransferAttention(db, { id: transfer.id, attention: outcome.attention ?? null, fee: outcome.fee ?? null });
    }
    return null;
  }
  return finalizeTransfer(db, { transferId: transfer.id, status: outcome.status, reason: outcome.reason, providerFee: outcome.fee ?? null });
}

/** Status queries back off: 2 minutes after sending, then doubling up to an hour. */
const backoffSeconds = (checks: number) => Math.min(3600, 120 * 2 ** Math.max(0, checks));

/**
 * Asks the rail that has a submitted transfer where it stands and records a final outcome (a
 * completed one may later be `reversed`). A rail with no such transfer: offered again (the
 * next rail when there is one, else the same rail under the same reference).
 */
export async function refreshFromBank(db: Db, transfer: Transfer): Promise<Transfer> {
  if (transfer.type !== "bank_transfer") return transfer;
  if (transfer.status !== "pending" && !(transfer.status === "completed" && transfer.rail && transfer.rail !== "sandbox")) return transfer;
  if (transfer.status === "pending" && (!transfer.bankSubmittedAt || !transfer.rail)) return submitToBank(db, transfer);
  const rail = transfer.rail as RailName;
  let outcome: BankTransferStatus | null;
  try {
    outcome = await payoutStatus(transfer.mode, { rail, refused: (transfer.railsRefused ?? []) as RailName[] }, transfer.reference);
  } catch (error) {
    logError("transfer status query failed; the scheduler will ask again", { reference: transfer.reference, rail, error });
    await scheduleTransferCheck(db, { id: transfer.id, delaySeconds: backoffSeconds(transfer.statusChecks) });
    return getTransferById(db, transfer.id);
  }
  if (transfer.status === "completed") {
    if (outcome?.status === "reversed") return finalizeTransfer(db, { transferId: transfer.id, status: "reversed", reason: outcome.reason });
    return transfer;
  }
  if (!outcome) {
    // The rail has no such transfer: it never took it. The next rail may have it; with no
    // other rail, the same one is asked again under the same reference.
    const refused = [...new Set([...(transfer.railsRefused ?? []), rail])] as RailName[];
    if (!hasOtherRail(transfer.mode, refused)) return submitToBank(db, transfer);
    await recordPlace(db, transfer, { rail: null, railReference: null, refused, submitted: false });
    return submitToBank(db, { ...transfer, rail: null, railReference: null, railsRefused: refused });
  }
  const decided = await applyOutcome(db, transfer, outcome);
  if (decided) return decided;
  // Still pending at the rail: ask again later, backing off (the sandbox settles on its own clock tick).
  const delay = rail === "sandbox" ? 0 : backoffSeconds(transfer.statusChecks);
  await scheduleTransferCheck(db, { id: transfer.id, delaySeconds: delay });
  return getTransferById(db, transfer.id);
}
