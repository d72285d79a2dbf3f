import { csvStream, toCsv } from "@/lib/csv";
import { koboToNaira } from "@/lib/money";
import { payerName, type PaymentListItem } from "./list-payments";

const HEADER = [
  "reference",
  "merchant_reference",
  "channel",
  "status",
  "amount_naira",
  "fee_naira",
  "net_naira",
  "destination",
  "destination_detail",
  "payer_name",
  "payer_bank",
  "payer_account",
  "customer_email",
  "narration",
  "paid_at",
];

const text = (v: unknown) => (typeof v === "string" ? v : null);

const row = (p: PaymentListItem): unknown[] => [
  p.reference,
  p.merchantReference,
  p.channel,
  p.status,
  koboToNaira(p.amount),
  koboToNaira(p.fee),
  koboToNaira(p.amount - p.fee),
  p.destinationKind,
  destinationDetail(p),
  payerName(p),
  text(p.payer?.bank),
  text(p.payer?.account),
  p.customerEmail,
  p.narration,
  p.paidAt.toISOString(),
];

/** The dashboard's CSV export of a payments list: amounts in naira, times in ISO 8601. */
export function paymentsCsv(items: PaymentListItem[]): string {
  return toCsv(HEADER, items.map(row));
}

/** The same CSV streamed from batches of rows (walkList through the list's cursor). */
export function paymentsCsvStream(batches: AsyncIterable<PaymentListItem[]>): ReadableStream<Uint8Array> {
  return csvStream(HEADER, batches, row);
}

/** The handle a payment was made to: the session's reference, the PayID, or the account number at its bank. */
export function destinationDetail(p: Pick<PaymentListItem, "sessionReference" | "payIdText" | "accountNumber" | "bankName">): string | null {
  if (p.sessionReference) return p.sessionReference;
  if (p.payIdText) return p.payIdText;
  if (p.accountNumber) return `${p.accountNumber} (${p.bankName ?? "bank"})`;
  return null;
}
