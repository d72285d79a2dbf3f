import { toCsv } from "@/lib/csv";
import { koboToNaira } from "@/lib/money";
import type { BulkRowView } from "./bulk-batch-view";

export const BULK_RESULT_HEADER = [
  "row",
  "recipient",
  "account_number",
  "bank",
  "amount_naira",
  "fees_naira",
  "status",
  "transfer_reference",
  "bulk_reference",
  "your_reference",
  "narration",
  "failure_reason",
];

/** A batch's result file: one line per row, what became of it, amounts in naira. */
export function bulkResultCsv(rows: BulkRowView[]): string {
  return toCsv(
    BULK_RESULT_HEADER,
    rows.map((r) => [
      r.row,
      r.accountName,
      r.accountNumber,
      r.bankName,
      koboToNaira(r.amount),
      koboToNaira(r.fees),
      r.status,
      r.transferReference ?? "",
      r.bulkReference,
      r.fileReference ?? "",
      r.narration ?? "",
      r.failureReason ?? "",
    ]),
  );
}
