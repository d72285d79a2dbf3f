import type { Transfer } from "@/db/schema";
import { csvStream, toCsv } from "@/lib/csv";
import { koboToNaira } from "@/lib/money";

const HEADER = [
  "reference",
  "merchant_reference",
  "type",
  "status",
  "amount_naira",
  "fee_naira",
  "vat_naira",
  "stamp_duty_naira",
  "recipient_name",
  "recipient_bank",
  "recipient_account_number",
  "narration",
  "created_at",
  "completed_at",
  "failure_reason",
];

const row = (t: Transfer): unknown[] => [
  t.reference,
  t.merchantReference,
  t.type,
  t.status,
  koboToNaira(t.amount),
  koboToNaira(t.fee),
  koboToNaira(t.vat),
  koboToNaira(t.stampDuty),
  t.recipientName,
  t.recipientBankName,
  t.recipientAccountNumber,
  t.narration,
  t.createdAt.toISOString(),
  t.completedAt?.toISOString() ?? "",
  t.failureReason,
];

/** The dashboard's CSV export of a transfers list: amounts in naira, times in ISO 8601. */
export function transfersCsv(items: Transfer[]): string {
  return toCsv(HEADER, items.map(row));
}

/** The same CSV streamed from batches of rows (walkList through the list's cursor). */
export function transfersCsvStream(batches: AsyncIterable<Transfer[]>): ReadableStream<Uint8Array> {
  return csvStream(HEADER, batches, row);
}
