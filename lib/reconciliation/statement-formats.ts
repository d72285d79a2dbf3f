/**
 * The columns of a statement file, by what each means. The providers' dashboard exports have
 * fixed headers (presets below); a bank statement's are saved once per source by an operator
 * (`statement_mappings`). Headers are matched without regard to case or surrounding spaces.
 * Amounts are naira text, read by `lib/money.ts`.
 */
export const STATEMENT_FORMATS = ["paystack", "monnify", "flutterwave", "bank"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export type ColumnMapping = {
  /** The provider's reference (what its API looks the line up by). Required. */
  reference: string;
  /** Amount in naira; or `credit` and `debit` columns (money in, money out). */
  amount?: string;
  credit?: string;
  debit?: string;
  /** `in`/`credit`/`CR` or `out`/`debit`/`DR`; absent: money in (or by credit/debit). */
  direction?: string;
  fee?: string;
  date?: string;
  status?: string;
  owoReference?: string;
  sessionId?: string;
  accountNumber?: string;
};

export const MAPPING_FIELDS = [
  "reference",
  "amount",
  "credit",
  "debit",
  "direction",
  "fee",
  "date",
  "status",
  "owoReference",
  "sessionId",
  "accountNumber",
] as const satisfies readonly (keyof ColumnMapping)[];

/** The providers' CSV exports (transactions and transfers in one file, told apart by their type column). */
export const PROVIDER_EXPORTS: Record<Exclude<StatementFormat, "bank">, ColumnMapping> = {
  paystack: {
    reference: "Reference",
    amount: "Amount",
    fee: "Fees",
    status: "Status",
    date: "Paid At",
    direction: "Type",
    sessionId: "Session ID",
    accountNumber: "Account Number",
  },
  monnify: {
    reference: "Transaction Reference",
    amount: "Amount",
    fee: "Fee",
    status: "Status",
    date: "Date",
    direction: "Type",
    sessionId: "Session ID",
    accountNumber: "Account Number",
  },
  flutterwave: {
    reference: "Transaction ID",
    amount: "Amount",
    fee: "Fee",
    status: "Status",
    date: "Date",
    direction: "Type",
    sessionId: "Session ID",
    accountNumber: "Account Number",
  },
};

const IN = /^(in|inbound|credit|cr|c|collection|transaction|charge)$/i;
const OUT = /^(out|outbound|debit|dr|d|payout|transfer|disbursement)$/i;

export function directionOf(text: string): "in" | "out" | null {
  const t = text.trim();
  return IN.test(t) ? "in" : OUT.test(t) ? "out" : null;
}

export function statusOf(text: string | undefined): "success" | "pending" | "failed" | "reversed" {
  const t = (text ?? "").trim().toLowerCase();
  if (t === "" || /^(success|successful|paid|overpaid|completed|complete)$/.test(t)) return "success";
  if (/revers/.test(t)) return "reversed";
  if (/^(failed|failure|declined|rejected|cancelled|expired|abandoned)$/.test(t)) return "failed";
  return "pending";
}

/** A statement's time: ISO 8601, or a date and time with no zone (Lagos time), or a day alone (its Lagos midnight). */
export function valueTimeOf(text: string | undefined): Date | null {
  const t = (text ?? "").trim();
  if (!t) return null;
  const local = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?$/.exec(t);
  const d = local ? new Date(`${local[1]}T${local[2] ?? "00:00:00"}+01:00`) : new Date(t);
  return Number.isNaN(d.getTime()) ? null : d;
}
