import { csvStream } from "@/lib/csv";
import type { StatementLine } from "@/lib/ledger/statement";
import { koboToNaira } from "@/lib/money";
import { statementDescription } from "./statement-description";

const HEADER = ["date", "description", "money_in_naira", "money_out_naira", "balance_after_naira", "reference"];

// Money in and out in two columns, each positive, as a bank statement has them (a leading minus
// would be read as a formula and quoted by lib/csv.ts).
const row = (l: StatementLine): unknown[] => [
  l.createdAt,
  statementDescription(l),
  l.amount > 0 ? koboToNaira(l.amount) : "",
  l.amount < 0 ? koboToNaira(-l.amount) : "",
  koboToNaira(l.balanceAfter),
  l.reference,
];

/** The Balance page's CSV export of the wallet statement: what happened in words, money in and out in naira, the balance after, ISO 8601 times. */
export function walletStatementCsvStream(batches: AsyncIterable<StatementLine[]>): ReadableStream<Uint8Array> {
  return csvStream(HEADER, batches, row);
}
