/**
 * A day's statement from Monnify (supplement §12): `GET /api/v1/transactions/search` (`from`,
 * `to` in epoch milliseconds, `page` from 0, `size`) for collections, then `GET
 * /api/v2/disbursements/search-transactions` (`sourceAccountNumber`, `startDate`, `endDate`,
 * `pageNo` from 0, `pageSize`) for the wallet's payouts, until `last`. Transactions read as
 * `verifyInbound` reads one (`monnifyInbound`), payouts as the status query maps one.
 */
import { RailUnknownError } from "@/lib/rails/rail-errors";
import type { StatementCursor, StatementLine, StatementPage } from "@/lib/rails/rail";
import { inclusiveEnd, lineStatusOfTransfer, withinPeriod, inboundStatementLine, nextStatementCursor } from "@/lib/rails/statement-status";
import { RAIL, type MonnifyClient } from "./client";
import { monnifyInbound } from "./collections";
import { isObject, kobo, monnifyDate, str, type Json } from "./parse";
import { mapTransferStatus } from "./payouts";

export const MONNIFY_PAGE_SIZE = 100;

export async function monnifyStatementPage(
  client: MonnifyClient,
  sourceAccount: string,
  period: { from: Date; to: Date },
  cursor: StatementCursor,
): Promise<StatementPage> {
  const from = period.from.getTime();
  const to = inclusiveEnd(period.to).getTime();
  const a =
    cursor.part === "in"
      ? await client.searchTransactions({ from, to, page: cursor.page - 1, size: MONNIFY_PAGE_SIZE })
      : await client.searchDisbursements({
          sourceAccountNumber: sourceAccount,
          startDate: from,
          endDate: to,
          pageNo: cursor.page - 1,
          pageSize: MONNIFY_PAGE_SIZE,
        });
  if (!a.env.ok)
    throw new RailUnknownError(
      RAIL,
      `Monnify ${cursor.part === "in" ? "transaction" : "disbursement"} search failed (HTTP ${a.status}: ${a.env.message})`,
      a.status,
    );
  const content = Array.isArray(a.env.body.content) ? a.env.body.content.filter(isObject) : [];
  const lines = content.map((t) => (cursor.part === "in" ? inLine(t) : outLine(t))).filter((l): l is StatementLine => l !== null);
  const last = a.env.body.last === true || content.length === 0;
  return { lines: withinPeriod(lines, period), next: nextStatementCursor(cursor, !last) };
}

const inLine = (t: Json): StatementLine | null => inboundStatementLine(monnifyInbound(t, str(t.transactionReference) ?? ""));

function outLine(t: Json): StatementLine | null {
  const reference = str(t.reference);
  const amount = kobo(t.amount);
  if (!reference || amount === null) return null;
  return {
    direction: "out",
    providerReference: reference,
    owoReference: null,
    sessionId: str(t.sessionId),
    status: lineStatusOfTransfer(mapTransferStatus(t)),
    amount,
    fee: kobo(t.fee),
    valueAt: monnifyDate(t.createdOn),
    accountNumber: str(t.destinationAccountNumber),
    accountReference: null,
    payer: null,
  };
}
