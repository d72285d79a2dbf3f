/**
 * A day's statement from Paystack (supplement §12): `GET /transaction` (successful collections)
 * then `GET /transfer` (payouts), each `from`/`to` (ISO 8601), `page`, `perPage` 100, until
 * `meta.pageCount`. Transactions read as `verifyInbound` reads one (`paystackInbound`),
 * transfers as the status query maps one.
 */
import { RailUnknownError } from "@/lib/rails/rail-errors";
import type { StatementCursor, StatementLine, StatementPage } from "@/lib/rails/rail";
import { inclusiveEnd, lineStatusOfTransfer, withinPeriod, inboundStatementLine, nextStatementCursor } from "@/lib/rails/statement-status";
import { describe, RAIL, type PaystackClient } from "./client";
import { paystackInbound } from "./collections";
import { either, isObject, koboOf, obj, paystackDate, str, type Json } from "./parse";
import { mapTransferStatus } from "./payouts";

export const PAYSTACK_PAGE_SIZE = 100;

export async function paystackStatementPage(client: PaystackClient, period: { from: Date; to: Date }, cursor: StatementCursor): Promise<StatementPage> {
  const q = { from: period.from.toISOString(), to: inclusiveEnd(period.to).toISOString(), page: cursor.page, perPage: PAYSTACK_PAGE_SIZE };
  const a = cursor.part === "in" ? await client.listTransactions({ ...q, status: "success" }) : await client.listTransfers(q);
  if (!a.env.ok) throw new RailUnknownError(RAIL, `Paystack ${cursor.part === "in" ? "transaction" : "transfer"} list failed (${describe(a)})`, a.status);
  const items = Array.isArray(a.env.dataValue) ? a.env.dataValue.filter(isObject) : [];
  const lines = items.map((t) => (cursor.part === "in" ? inLine(t) : outLine(t))).filter((l): l is StatementLine => l !== null);
  const pageCount = Number(a.env.meta.pageCount ?? 0);
  const more = items.length > 0 && cursor.page < pageCount;
  return { lines: withinPeriod(lines, period), next: nextStatementCursor(cursor, more) };
}

const inLine = (t: Json): StatementLine | null => inboundStatementLine(paystackInbound(t));

function outLine(t: Json): StatementLine | null {
  const reference = str(t.reference);
  const amount = koboOf(t.amount);
  if (!reference || amount === null) return null;
  const session = obj(t.session);
  return {
    direction: "out",
    providerReference: reference,
    owoReference: null,
    sessionId: str(session.id),
    status: lineStatusOfTransfer(mapTransferStatus(t)),
    amount,
    fee: koboOf(t.fee_charged),
    valueAt: paystackDate(either(t, "createdAt", "created_at")),
    accountNumber: str(obj(obj(t.recipient).details).account_number),
    accountReference: null,
    payer: null,
  };
}
