import type { BankTransferStatus } from "@/lib/bank/provider";
import type { StatementLine } from "./rail";

/** A payout's status as Owo maps it (each rail's `mapTransferStatus`) → a statement line's status. */
export function lineStatusOfTransfer(s: BankTransferStatus): StatementLine["status"] {
  return s.status === "completed" ? "success" : s.status === "failed" ? "failed" : s.status === "reversed" ? "reversed" : "pending";
}

/** The instant before `to`: providers' `to` filters include their bound, a Lagos day ends just before the next begins. */
export const inclusiveEnd = (to: Date) => new Date(to.getTime() - 1);

/** Keeps the lines whose value time falls in [from, to) (a provider's date filter may be wider). */
export const withinPeriod = (lines: StatementLine[], period: { from: Date; to: Date }) =>
  lines.filter((l) => !l.valueAt || (l.valueAt >= period.from && l.valueAt < period.to));
