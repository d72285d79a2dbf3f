/**
 * Money out through Flutterwave: name enquiry, bank transfers and their status.
 *
 * One payout is paid once, whatever fails: the transfer `reference` is Owo's reference (in
 * Flutterwave's form), Flutterwave refuses a reference it has seen, and that answer is
 * followed by the status query. How an answer to `POST /transfers` is read
 * (developer.flutterwave.com, "Errors": every error is `{status: "error", message, data}`):
 *
 * - 2xx `status: "success"`: Flutterwave took it (`NEW`, then `PENDING`, then `SUCCESSFUL` or
 *   `FAILED`; a transfer can also fail at once, e.g. "DISBURSE FAILED: Insufficient funds").
 * - A duplicate reference: the first transfer's status (`GET /transfers?reference=`).
 * - 4xx (validation errors, 401 wrong key, insufficient balance, invalid bank): Flutterwave
 *   did not take it → `RailRefusedError` (another rail may pay).
 * - 5xx, 408, a timeout, a body that is not the envelope: the outcome is unknown →
 *   `RailUnknownError` (the status query decides).
 */
import type { BankTransferRequest, BankTransferStatus, ResolvedAccount } from "@/lib/bank/provider";
import { appError } from "@/lib/errors";
import { RailRefusedError, RailUnknownError } from "@/lib/rails/rail-errors";
import { koboToNairaNumber } from "@/lib/rails/units";
import { RAIL, type FlutterwaveAnswer, type FlutterwaveClient } from "./client";
import { flag, isObject, koboRounded, str, type Json } from "./parse";
import { providerReference } from "./reference";

/** What one rail instance remembers between calls (ids Flutterwave gave it): a shortcut only, never needed for correctness. */
export type RailMemory = { transferIds: Map<string, string>; refundIds: Map<string, string> };

export const newMemory = (): RailMemory => ({ transferIds: new Map(), refundIds: new Map() });

export const APPROVAL_ATTENTION = "Flutterwave holds this transfer until it is approved on the Flutterwave dashboard (Transfers → pending approval).";

export const describe = (a: FlutterwaveAnswer) => `HTTP ${a.status}${a.env.message ? `: ${a.env.message}` : ""}`;

/**
 * A Flutterwave transfer (create, fetch, list or webhook body) → Owo's transfer status.
 * `NEW`/`PENDING` (or any state Flutterwave adds later) is pending; one waiting for a
 * dashboard approval (`requires_approval` and not `is_approved`) is pending with `attention`.
 * A literal `REVERSED` is a reversal; `FAILED` is a failure whatever its message says.
 */
export function mapTransferStatus(t: Json): BankTransferStatus {
  const raw = (str(t.status) ?? "").toUpperCase();
  const fee = koboRounded(t.fee);
  const message = str(t.complete_message);
  switch (raw) {
    case "SUCCESSFUL":
    case "SUCCESS":
    case "COMPLETED":
      return { status: "completed", reason: null, fee };
    case "REVERSED":
    case "REVERSAL":
      return { status: "reversed", reason: message ?? "Flutterwave reversed the transfer", fee };
    case "FAILED":
    case "FAILURE":
    case "CANCELLED":
    case "REJECTED":
    case "DECLINED":
      return { status: "failed", reason: message ?? `Flutterwave reports the transfer ${raw}`, fee };
    default: {
      const awaitingApproval = /APPROVAL/.test(raw) || (flag(t.requires_approval) && !flag(t.is_approved));
      return awaitingApproval ? { status: "pending", reason: null, attention: APPROVAL_ATTENTION, fee } : { status: "pending", reason: null, fee };
    }
  }
}

/** "Duplicate reference" in its documented wordings. */
export const isDuplicateReference = (a: FlutterwaveAnswer) =>
  !a.env.ok &&
  a.status < 500 &&
  /duplicate|already\s+(exist|been\s+used|been\s+processed|used)|reference\s+(exists|is\s+not\s+unique|must\s+be\s+unique)/i.test(a.env.message);

/** The documented "no such record" answers (404, "No transaction was found for this id", "Transfer not found"). */
export const isNotFound = (a: FlutterwaveAnswer) =>
  !a.env.ok &&
  a.status < 500 &&
  (a.status === 404 ||
    /not\s+found|no\s+(transaction|transfer|refund|record|account)s?\s+(was\s+|were\s+)?found|does\s+not\s+exist|invalid\s+(transfer|transaction)\s+id/i.test(
      a.env.message,
    ));

/** A failed create answer: a refusal before acceptance, or an unknown outcome. */
export function transferFailure(a: FlutterwaveAnswer): Error {
  if (a.status >= 400 && a.status < 500 && a.status !== 408) return new RailRefusedError(RAIL, `Flutterwave refused the transfer (${describe(a)})`, a.status);
  return new RailUnknownError(RAIL, `Flutterwave's answer does not say whether the transfer was taken (${describe(a)})`, a.status);
}

export async function resolveAccount(client: FlutterwaveClient, input: { accountNumber: string; bankCode: string }): Promise<ResolvedAccount> {
  const a = await client.resolveAccount(input.accountNumber, input.bankCode);
  if (a.status >= 500 || a.status === 408 || a.status === 429 || (a.status < 300 && a.env.status === ""))
    throw new RailUnknownError(RAIL, `Flutterwave name enquiry failed (${describe(a)})`, a.status);
  const name = str(a.env.data.account_name);
  if (!a.env.ok || !name) throw appError("ACCOUNT_NOT_FOUND");
  return { account_name: name, account_number: str(a.env.data.account_number) ?? input.accountNumber, bank_code: input.bankCode };
}

/** Narration: the caller's, else one naming the reference (at most 100 characters). */
const narrationFor = (input: BankTransferRequest) => (input.narration?.trim() || `Owo payout ${input.reference}`).slice(0, 100);

export async function sendTransfer(client: FlutterwaveClient, memory: RailMemory, input: BankTransferRequest): Promise<BankTransferStatus> {
  const reference = providerReference(input.reference);
  const a = await client.createTransfer({
    account_bank: input.bankCode,
    account_number: input.accountNumber,
    amount: koboToNairaNumber(input.amount),
    currency: "NGN",
    debit_currency: "NGN",
    reference,
    narration: narrationFor(input),
    beneficiary_name: input.accountName,
  });
  if (a.env.ok) {
    const id = str(a.env.data.id);
    if (id) memory.transferIds.set(reference, id);
    return mapTransferStatus(a.env.data);
  }
  if (isDuplicateReference(a)) {
    // Flutterwave has a transfer under this reference: whatever breaks from here on, the
    // outcome is unknown, never a refusal (a refusal would send the payout to another rail).
    const existing = await transferStatus(client, memory, reference).catch((error: unknown) => {
      throw new RailUnknownError(RAIL, `Flutterwave has a transfer under ${reference} but its status could not be read: ${(error as Error).message}`);
    });
    if (existing) return existing;
    throw new RailUnknownError(RAIL, `Flutterwave says reference ${reference} was used but shows no transfer under it`, a.status);
  }
  throw transferFailure(a);
}

/** The transfers of a list answer (`data` an array, or one object). */
function transfersOf(value: unknown): Json[] {
  if (Array.isArray(value)) return value.filter(isObject);
  return isObject(value) && Object.keys(value).length > 0 ? [value] : [];
}

/**
 * The status of a payout by its reference (Flutterwave's form). By the transfer id when this
 * instance has it (`GET /transfers/:id`), else `GET /transfers?reference=`. Null only when
 * Flutterwave answers an empty list (or not found) for that reference; a list that holds
 * other transfers only means the filter was not applied, and is an unknown answer, never "no
 * such transfer" (a payout must never be offered to another rail while it may exist here).
 */
export async function transferStatus(client: FlutterwaveClient, memory: RailMemory, reference: string): Promise<BankTransferStatus | null> {
  const id = memory.transferIds.get(reference);
  if (id) {
    const a = await client.getTransfer(id);
    if (a.env.ok && str(a.env.data.reference) === reference) return mapTransferStatus(a.env.data);
    if (!a.env.ok && !isNotFound(a)) throw new RailUnknownError(RAIL, `Flutterwave transfer status failed (${describe(a)})`, a.status);
  }
  const l = await client.listTransfers({ reference });
  if (!l.env.ok) {
    if (isNotFound(l)) return null;
    throw new RailUnknownError(RAIL, `Flutterwave transfer lookup failed (${describe(l)})`, l.status);
  }
  const list = transfersOf(l.env.dataValue);
  const match = list.find((t) => str(t.reference) === reference);
  if (match) {
    const found = str(match.id);
    if (found) memory.transferIds.set(reference, found);
    return mapTransferStatus(match);
  }
  if (list.length === 0) return null;
  throw new RailUnknownError(RAIL, `Flutterwave's transfer list for reference ${reference} holds other transfers only; the status is unknown`, l.status);
}
