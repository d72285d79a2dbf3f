import type { BankTransferStatus } from "@/lib/bank/provider";
import type { RailInbound, StatementCursor, StatementLine } from "./rail";

/** A payout's status as Owo maps it (each rail's `mapTransferStatus`) → a statement line's status. */
export function lineStatusOfTransfer(s: BankTransferStatus): StatementLine["status"] {
  return s.status === "completed" ? "success" : s.status === "failed" ? "failed" : s.status === "reversed" ? "reversed" : "pending";
}

/** The instant before `to`: providers' `to` filters include their bound, a Lagos day ends just before the next begins. */
export const inclusiveEnd = (to: Date) => new Date(to.getTime() - 1);

/** Keeps the lines whose value time falls in [from, to) (a provider's date filter may be wider). */
export const withinPeriod = (lines: StatementLine[], period: { from: Date; to: Date }) =>
  lines.filter((l) => !l.valueAt || (l.valueAt >= period.from && l.valueAt < period.to));

/** A collection the rail's API reports (read as `verifyInbound` reads one) as a statement line; null unless it succeeded. */
export function inboundStatementLine(i: RailInbound | null): StatementLine | null {
  if (!i || !i.providerReference || i.status !== "success") return null;
  return {
    direction: "in",
    providerReference: i.providerReference,
    owoReference: null,
    sessionId: i.sessionId,
    status: "success",
    amount: i.amount,
    fee: i.fee,
    valueAt: i.paidAt,
    accountNumber: i.accountNumber,
    accountReference: i.accountReference,
    payer: i.payer,
  };
}

/** After a page: the next page of the same list while there is more, else the transfers after the collections, else done. */
export function nextStatementCursor(cursor: StatementCursor, more: boolean): StatementCursor | null {
  return more ? { part: cursor.part, page: cursor.page + 1 } : cursor.part === "in" ? { part: "out", page: 1 } : null;
}
