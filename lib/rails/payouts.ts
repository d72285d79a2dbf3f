/**
 * Money out through the rails, paid once whatever fails (supplement §11). A payout goes to
 * the first rail that offers transfers; it moves to the next rail only when the one it was
 * offered to definitely did not take it (refused before acceptance, or its status query says
 * it has no such transfer), never while its outcome is unknown. The caller stores where the
 * payout went (`rail`, `railReference`) and which rails refused it, and passes that back on
 * every later call.
 */
import type { Mode } from "@/db/schema";
import type { BankTransferRequest, BankTransferStatus } from "@/lib/bank/provider";
import { logError } from "@/lib/log";
import type { Rail, RailName } from "./rail";
import { isRailRefused } from "./rail-errors";
import { railByName, railsFor } from "./router";

/** Where a payout stands with the rails, as the caller keeps it. */
export type PayoutPlace = { rail: RailName | null; refused: RailName[] };

export type PayoutAttempt =
  /** A rail has it: its answer (pending, or already final). */
  | { kind: "sent"; rail: RailName; railReference: string; outcome: BankTransferStatus; refused: RailName[] }
  /** A rail may have it: the outcome is unknown until its status query answers. Never sent elsewhere meanwhile. */
  | { kind: "unknown"; rail: RailName; railReference: string; refused: RailName[] }
  /** Every rail refused it before accepting: nothing was paid. */
  | { kind: "refused"; refused: RailName[]; reason: string };

/**
 * Offers a payout to the rails. With `place.rail` set (it was offered before and its outcome
 * is unknown) it goes to that rail again under the same reference (the provider deduplicates),
 * never to another.
 */
export async function sendPayout(mode: Mode, request: BankTransferRequest, place: PayoutPlace): Promise<PayoutAttempt> {
  const refused = [...place.refused];
  const current = place.rail ? railByName(place.rail) : null;
  const candidates: Rail[] = current ? [current] : railsFor(mode, "transfers").filter((r) => !refused.includes(r.name));
  let reason = "Every payment rail refused the transfer";
  for (const rail of candidates) {
    const railReference = rail.providerReference(request.reference);
    try {
      const outcome = await rail.sendTransfer(request);
      return { kind: "sent", rail: rail.name, railReference, outcome, refused };
    } catch (error) {
      if (isRailRefused(error) && !current) {
        refused.push(rail.name);
        reason = error.message;
        logError("rail refused a payout; trying the next rail", { rail: rail.name, reference: request.reference, error });
        continue;
      }
      if (isRailRefused(error) && current) {
        // Offered before with an unknown outcome: even a refusal now may be "already have it";
        // the status query decides.
        return { kind: "unknown", rail: rail.name, railReference, refused };
      }
      logError("rail payout outcome unknown; its status query decides", { rail: rail.name, reference: request.reference, error });
      return { kind: "unknown", rail: rail.name, railReference, refused };
    }
  }
  return { kind: "refused", refused, reason };
}

/** Whether a rail that has not refused this payout is left to offer it to. */
export function hasOtherRail(mode: Mode, refused: RailName[]): boolean {
  if (mode === "test") return false;
  try {
    return railsFor(mode, "transfers").some((r) => !refused.includes(r.name));
  } catch {
    return false;
  }
}

/**
 * The status of a payout at the rail that has it; null when that rail has no such transfer
 * (then it may be offered to the next rail: `place.refused` gains the rail).
 */
export async function payoutStatus(mode: Mode, place: PayoutPlace & { rail: RailName }, reference: string): Promise<BankTransferStatus | null> {
  const rail = railByName(place.rail) ?? (mode === "test" ? railsFor(mode, "transfers")[0]! : null);
  if (!rail) throw new Error(`Rail ${place.rail} is no longer configured; its payouts cannot be checked`);
  return rail.getTransferStatus(reference);
}
