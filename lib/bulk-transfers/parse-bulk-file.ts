import { NIGERIAN_BANKS, findBank } from "@/lib/bank/nigerian-banks";
import type { Bank } from "@/lib/bank/provider";
import { parseCsv } from "@/lib/csv";
import { appError } from "@/lib/errors";
import { checkNairaField } from "@/lib/money";
import { TRANSFER_AMOUNT_FIELD } from "@/lib/transfers/transfer-amount-field";
import { BULK_LIMITS } from "./bulk-limits";

/** A row of a bulk file as read: its fields, or what is wrong with it (before name enquiry). */
export type ParsedRow = {
  /** 1 = the first row after the header. */
  row: number;
  accountNumber: string;
  bank: Bank | null;
  bankText: string;
  amountText: string;
  amount: number | null;
  narration: string | null;
  reference: string | null;
  problems: string[];
};

const fileError = (message: string) => appError("VALIDATION_ERROR", { message });

// A heading as people write it ("Account Number", "Amount (₦)") → account_number, amount.
const key = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/\(.*?\)/g, "")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
const ALIASES: Record<string, string> = {
  account_number: "account_number",
  account_no: "account_number",
  account: "account_number",
  nuban: "account_number",
  bank_code: "bank_code",
  bank: "bank_name",
  bank_name: "bank_name",
  amount: "amount",
  amount_naira: "amount",
  amount_ngn: "amount",
  narration: "narration",
  description: "narration",
  reference: "reference",
  ref: "reference",
};

const bankKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "");
const BANKS_BY_NAME = new Map(NIGERIAN_BANKS.map((b) => [bankKey(b.bankName), b]));

/** The bank a row names, by CBN code or by its name as the bank list spells it. */
function bankOf(code: string, name: string): Bank | null {
  if (code) return findBank(code) ?? null;
  return BANKS_BY_NAME.get(bankKey(name)) ?? null;
}

/**
 * A bulk file's text → its rows, each with its own problems (account number, bank, amount in
 * naira parsed exactly by lib/money, narration and reference lengths, duplicates). A file that
 * is not a bulk file at all (empty, too large, too many rows, columns missing) is refused whole.
 */
export function parseBulkFile(text: string): ParsedRow[] {
  if (new TextEncoder().encode(text).length > BULK_LIMITS.maxBytes)
    throw fileError(`The file is larger than ${BULK_LIMITS.maxBytes / 1024} KB. Split it into smaller files.`);
  const lines = parseCsv(text);
  if (lines.length === 0) throw fileError("The file is empty. Upload a CSV with a header row and one row per transfer.");
  const columns = lines[0]!.map((h) => ALIASES[key(h)] ?? null);
  const at = (name: string) => columns.indexOf(name);
  const missing = [
    at("account_number") < 0 && "account_number",
    at("amount") < 0 && "amount",
    at("bank_code") < 0 && at("bank_name") < 0 && "bank_code (or bank)",
  ].filter(Boolean);
  if (missing.length) throw fileError(`The header row must name the columns account_number, bank_code (or bank) and amount; missing: ${missing.join(", ")}.`);
  const body = lines.slice(1);
  if (body.length === 0) throw fileError("The file has a header but no transfers.");
  if (body.length > BULK_LIMITS.maxRows)
    throw fileError(
      `The file has ${body.length.toLocaleString("en-NG")} rows; at most ${BULK_LIMITS.maxRows.toLocaleString("en-NG")} can be sent at once. Split it into smaller files.`,
    );

  const cell = (line: string[], name: string) => (at(name) < 0 ? "" : (line[at(name)] ?? "").trim());
  const seenRows = new Map<string, number>();
  const seenRefs = new Map<string, number>();
  return body.map((line, i) => {
    const row = i + 1;
    const problems: string[] = [];
    const accountNumber = cell(line, "account_number");
    if (!accountNumber) problems.push("Account number is missing");
    else if (!/^\d{10}$/.test(accountNumber)) problems.push(`Account number ${accountNumber} must be 10 digits`);
    const code = cell(line, "bank_code");
    const name = cell(line, "bank_name");
    const bank = bankOf(code, name);
    if (!code && !name) problems.push("Bank is missing");
    else if (!bank) problems.push(code ? `Unknown bank code ${code}` : `Unknown bank "${name}"`);
    const amountText = cell(line, "amount");
    const amount = checkNairaField(amountText, TRANSFER_AMOUNT_FIELD);
    if (!amountText) problems.push("Amount is missing");
    else if (amount.problem) problems.push(`Amount ${amountText}: ${amount.problem}`);
    const narration = cell(line, "narration") || null;
    if (narration && narration.length > 100) problems.push("Narration must be at most 100 characters");
    const reference = cell(line, "reference") || null;
    if (reference && reference.length > 128) problems.push("Reference must be at most 128 characters");
    if (reference) {
      const first = seenRefs.get(reference);
      if (first) problems.push(`Reference ${reference} is also on row ${first}`);
      else seenRefs.set(reference, row);
    }
    const same = [accountNumber, bank?.bankCode ?? code ?? name, amount.kobo, narration ?? ""].join("|");
    const twin = seenRows.get(same);
    if (twin) problems.push(`Same account, bank, amount and narration as row ${twin}`);
    else seenRows.set(same, row);
    return { row, accountNumber, bank, bankText: code || name, amountText, amount: amount.kobo, narration, reference, problems };
  });
}
