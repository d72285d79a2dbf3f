/**
 * Money out through Monnify: name enquiry, single disbursements, their status, and refunds.
 *
 * One payout is paid once, whatever fails: the disbursement `reference` is Owo's reference (in
 * Monnify's form), Monnify refuses a reference it has seen (D05 "Supplied reference already
 * exists"), and that answer is followed by the status query. How a failed answer is read
 * (developers.monnify.com/docs/error-codes, "Disbursements / Transfer"):
 *
 * - D01 (error named in responseMessage), D03 (invalid account), D04 (insufficient balance),
 *   D06 (IP not whitelisted), D07 (same destination and amount within 2 minutes) and any other
 *   4xx validation answer: Monnify did not take it → `RailRefusedError` (another rail may pay).
 * - 99 ("an unexpected error … re-query"), 5xx, 408, a timeout, a body that is not the
 *   envelope: the outcome is unknown → `RailUnknownError` (the status query decides).
 */
import { appError } from "@/lib/errors";
import type { BankRefundRequest, BankTransferRequest, BankTransferStatus, ResolvedAccount } from "@/lib/bank/provider";
import { NIGERIAN_BANKS } from "@/lib/bank/nigerian-banks";
import { RailRefusedError, RailUnknownError } from "@/lib/rails/rail-errors";
import { koboToNairaNumber } from "@/lib/rails/units";
import { RAIL, type MonnifyAnswer, type MonnifyClient } from "./client";
import { kobo, str, type Json } from "./parse";
import { providerReference } from "./reference";

export const OTP_ATTENTION =
  "Monnify holds this transfer until it is authorized with the OTP sent to the merchant (POST /api/v2/disbursements/single/validate-otp).";
export const OTP_FAILED_ATTENTION =
  "Monnify could not send the transfer's OTP: resend it (POST /api/v2/disbursements/single/resend-otp) and authorize the transfer.";

/** A Monnify disbursement (initiate, summary or webhook body) → Owo's transfer status. */
export function mapTransferStatus(body: Json): BankTransferStatus {
  const raw = (str(body.status) ?? str(body.transactionStatus) ?? "").toUpperCase();
  const fee = kobo(body.totalFee ?? body.fee);
  const description = str(body.transactionDescription);
  switch (raw) {
    case "SUCCESS":
    case "SUCCESSFUL":
    case "COMPLETED":
      return { status: "completed", reason: null, fee };
    case "FAILED":
    case "FAILURE":
    case "EXPIRED":
    case "CANCELLED":
    case "REJECTED":
    case "DECLINED":
      return { status: "failed", reason: description ?? `Monnify reports the transfer ${raw}`, fee };
    case "REVERSED":
      return { status: "reversed", reason: description ?? "Monnify reversed the transfer", fee };
    case "PENDING_AUTHORIZATION":
    case "OTP_EMAIL_DISPATCH":
      return { status: "pending", reason: null, attention: OTP_ATTENTION, fee };
    case "OTP_EMAIL_DISPATCH_FAILED":
      return { status: "pending", reason: null, attention: OTP_FAILED_ATTENTION, fee };
    default:
      // PENDING, IN_PROGRESS, PROCESSING or a state Monnify adds later: not final.
      return { status: "pending", reason: null, fee };
  }
}

/** A Monnify refund (`refundStatus` IN_PROGRESS / COMPLETED / FAILED) → Owo's status. */
export function mapRefundStatus(body: Json): BankTransferStatus {
  const raw = (str(body.refundStatus) ?? str(body.status) ?? "").toUpperCase();
  if (raw === "COMPLETED" || raw === "SUCCESSFUL" || raw === "SUCCESS") return { status: "completed", reason: null };
  if (raw === "FAILED" || raw === "CANCELLED" || raw === "REJECTED")
    return { status: "failed", reason: str(body.comment) ?? "Monnify reports the refund FAILED" };
  return { status: "pending", reason: null };
}

const REFUSAL_CODES = new Set(["D01", "D03", "D04", "D06", "D07"]);
const describe = (a: MonnifyAnswer) => `HTTP ${a.status}${a.env.code ? `, ${a.env.code}` : ""}${a.env.message ? `: ${a.env.message}` : ""}`;

/** D05 / "Supplied reference already exists!": this reference was taken before. */
export const isDuplicateReference = (a: MonnifyAnswer) =>
  a.env.code === "D05" || /reference\s+already\s+exist|duplicate\s+(transaction\s+|payment\s+)?reference/i.test(a.env.message);

/** The documented "no such record" answers (404, D02, R7, "Could not find …"). */
export const isNotFound = (a: MonnifyAnswer) =>
  !a.env.ok &&
  a.status < 500 &&
  (a.status === 404 ||
    a.env.code === "D02" ||
    a.env.code === "R7" ||
    /could not find|not found|does not exist|no (refund|transaction|disbursement)[^.]* (matching|with|for)/i.test(a.env.message));

/** A failed disbursement answer: a refusal before acceptance, or an unknown outcome. */
export function transferFailure(a: MonnifyAnswer): Error {
  const definite = a.status < 500 && a.status !== 408 && (REFUSAL_CODES.has(a.env.code) || (a.status >= 400 && a.env.code !== "99"));
  if (definite) return new RailRefusedError(RAIL, `Monnify refused the transfer (${describe(a)})`, a.status);
  return new RailUnknownError(RAIL, `Monnify's answer does not say whether the transfer was taken (${describe(a)})`, a.status);
}

export async function resolveAccount(client: MonnifyClient, input: { accountNumber: string; bankCode: string }): Promise<ResolvedAccount> {
  const a = await client.validateAccount(input.accountNumber, input.bankCode);
  if (a.status >= 500 || a.status === 408 || a.status === 429) throw new RailUnknownError(RAIL, `Monnify name enquiry failed (${describe(a)})`, a.status);
  const name = str(a.env.body.accountName);
  if (!a.env.ok || !name) throw appError("ACCOUNT_NOT_FOUND");
  return { account_name: name, account_number: str(a.env.body.accountNumber) ?? input.accountNumber, bank_code: str(a.env.body.bankCode) ?? input.bankCode };
}

/** Narration: the caller's, else one naming the reference (Monnify wants at least 3 characters, at most 100). */
const narrationFor = (input: BankTransferRequest) => (input.narration?.trim() || `Owo payout ${input.reference}`).padEnd(3, ".").slice(0, 100);

export async function sendTransfer(client: MonnifyClient, input: BankTransferRequest): Promise<BankTransferStatus> {
  const reference = providerReference(input.reference);
  const a = await client.initiateTransfer({
    amount: koboToNairaNumber(input.amount),
    reference,
    narration: narrationFor(input),
    destinationBankCode: input.bankCode,
    destinationAccountNumber: input.accountNumber,
    destinationAccountName: input.accountName,
    currency: "NGN",
    sourceAccountNumber: client.config.sourceAccount,
  });
  if (a.env.ok) return mapTransferStatus(a.env.body);
  if (isDuplicateReference(a)) {
    const existing = await transferStatus(client, reference);
    if (existing) return existing;
    throw new RailUnknownError(RAIL, `Monnify says reference ${reference} exists but has no transfer under it`, a.status);
  }
  throw transferFailure(a);
}

/**
 * The status of a payout (Monnify's reference form) from the disbursement summary; a refund
 * reference, which the summary does not know, is looked up among refunds. Null when Monnify has
 * neither.
 */
export async function transferStatus(client: MonnifyClient, reference: string): Promise<BankTransferStatus | null> {
  const a = await client.transferSummary(reference);
  if (a.env.ok) return mapTransferStatus(a.env.body);
  if (!isNotFound(a)) throw new RailUnknownError(RAIL, `Monnify transfer status failed (${describe(a)})`, a.status);
  const r = await client.getRefund(reference);
  if (r.env.ok) return mapRefundStatus(r.env.body);
  if (isNotFound(r)) return null;
  throw new RailUnknownError(RAIL, `Monnify refund status failed (${describe(r)})`, r.status);
}

/** Refund answers that mean "no refund API for this payment": pay the payer back instead. */
const NO_REFUND_FOR_PAYMENT = new Set(["R1", "R2", "R4"]);
/** Definite refusals of the refund itself. */
const REFUND_REFUSED = new Set(["R3", "R6", "R8", "R12"]);
/** Not created, and worth retrying later (insufficient funds, balance or name enquiry unavailable). */
const REFUND_RETRY = new Set(["R5", "R10", "R11"]);

/**
 * A refund through `POST /api/v1/refunds/initiate-refund` (the payment's Monnify
 * transactionReference; the destination account when the payer's is known). A repeated
 * reference (R9) answers the refund's status. When Monnify has no refund for that payment
 * (R1 no such transaction, R2 not an account transfer, R4 below its minimum) the money goes
 * back as a payout to the payer's account, under the same reference.
 */
export async function refundPayment(client: MonnifyClient, input: BankRefundRequest): Promise<BankTransferStatus> {
  const refundReference = providerReference(input.reference);
  const account = input.payer.account?.trim() || null;
  const bankCode = payerBankCode(input.payer.bank);
  const a = await client.initiateRefund({
    transactionReference: input.paymentReference,
    refundReference,
    refundAmount: koboToNairaNumber(input.amount),
    refundReason: "Refund requested by the merchant",
    customerNote: "Refund",
    ...(account && /^\d{10}$/.test(account) && bankCode ? { destinationAccountNumber: account, destinationAccountBankCode: bankCode } : {}),
  });
  if (a.env.ok) return mapRefundStatus(a.env.body);
  if (a.env.code === "R9" || /refund reference already exist/i.test(a.env.message)) {
    const r = await client.getRefund(refundReference);
    if (r.env.ok) return mapRefundStatus(r.env.body);
    throw new RailUnknownError(RAIL, `Monnify says refund ${refundReference} exists but cannot show it (${describe(r)})`, r.status);
  }
  if (NO_REFUND_FOR_PAYMENT.has(a.env.code)) {
    if (!account || !bankCode)
      return { status: "failed", reason: `Monnify cannot refund this payment (${a.env.message || a.env.code}) and it carries no payer account to pay back` };
    return sendTransfer(client, {
      reference: input.reference,
      amount: input.amount,
      bankCode,
      accountNumber: account,
      accountName: input.payer.name ?? "Customer",
      narration: "Refund",
    });
  }
  if (REFUND_REFUSED.has(a.env.code)) return { status: "failed", reason: a.env.message || `Monnify refused the refund (${a.env.code})` };
  if (REFUND_RETRY.has(a.env.code) || (a.status >= 400 && a.status < 500 && a.status !== 408 && !["99", "M01", "M02"].includes(a.env.code))) {
    throw new RailRefusedError(RAIL, `Monnify did not take the refund (${describe(a)})`, a.status);
  }
  throw new RailUnknownError(RAIL, `Monnify's answer does not say whether the refund was taken (${describe(a)})`, a.status);
}

/** The payer's bank as a CBN/NIP code: a code as reported, or a bank name from the built-in list. */
export function payerBankCode(bank: string | null): string | null {
  const b = bank?.trim();
  if (!b) return null;
  if (/^\d{3,6}[A-Z]?$/.test(b)) return b;
  return NIGERIAN_BANKS.find((x) => x.bankName.toLowerCase() === b.toLowerCase())?.bankCode ?? null;
}
