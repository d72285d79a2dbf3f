/**
 * A day's statement from Flutterwave (supplement §12): `GET /transactions` (`from`, `to` as
 * YYYY-MM-DD, `page`, `status=successful`) for collections, then `GET /transfers` (`from`,
 * `to`, `page`) for payouts, until `meta.page_info.total_pages`. The dates are whole UTC days,
 * wider than a Lagos day, so lines outside the period are dropped. Transactions read as
 * `verifyInbound` reads one (`flutterwaveInbound`), transfers as the status query maps one.
 */
import { RailUnknownError } from "@/lib/rails/rail-errors";
import type { StatementCursor, StatementLine, StatementPage } from "@/lib/rails/rail";
import { inclusiveEnd, lineStatusOfTransfer, withinPeriod, inboundStatementLine, nextStatementCursor } from "@/lib/rails/statement-status";
import { RAIL, type FlutterwaveClient } from "./client";
import { flutterwaveInbound } from "./collections";
import { flwDate, isObject, kobo, koboRounded, obj, str, type Json } from "./parse";
import { describe, mapTransferStatus } from "./payouts";

const ymd = (d: Date) => d.toISOString().slice(0, 10);

export async function flutterwaveStatementPage(client: FlutterwaveClient, period: { from: Date; to: Date }, cursor: StatementCursor): Promise<StatementPage> {
  const q = { from: ymd(period.from), to: ymd(inclusiveEnd(period.to)), page: cursor.page };
  const a = cursor.part === "in" ? await client.listTransactions({ ...q, status: "successful" }) : await client.listTransfers(q);
  if (!a.env.ok) throw new RailUnknownError(RAIL, `Flutterwave ${cursor.part === "in" ? "transaction" : "transfer"} list failed (${describe(a)})`, a.status);
  const items = Array.isArray(a.env.dataValue) ? a.env.dataValue.filter(isObject) : [];
  const lines = items.map((t) => (cursor.part === "in" ? inLine(t) : outLine(t))).filter((l): l is StatementLine => l !== null);
  const totalPages = Number(obj(a.env.meta.page_info).total_pages ?? 0);
  const more = items.length > 0 && cursor.page < totalPages;
  return { lines: withinPeriod(lines, period), next: nextStatementCursor(cursor, more) };
}

const inLine = (t: Json): StatementLine | null => inboundStatementLine(flutterwaveInbound(t));

function outLine(t: Json): StatementLine | null {
  const reference = str(t.reference);
  const amount = kobo(t.amount);
  if (!reference || amount === null) return null;
  return {
    direction: "out",
    providerReference: reference,
    owoReference: null,
    sessionId: null,
    status: lineStatusOfTransfer(mapTransferStatus(t)),
    amount,
    fee: koboRounded(t.fee),
    valueAt: flwDate(t.created_at),
    accountNumber: str(t.account_number),
    accountReference: null,
    payer: null,
  };
}
