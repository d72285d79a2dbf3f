/**
 * Money out through Paystack: name enquiry, bank transfers and their status.
 *
 * A transfer takes two calls (Paystack's "Single transfers" guide): a transfer recipient
 * (`POST /transferrecipient`, type `nuban`), then `POST /transfer` from the balance with the
 * recipient code, the amount in kobo and our reference (Paystack's idempotency key:
 * `providerReference`). One payout is paid once, whatever fails:
 *
 * - a 2xx with `status: true`: Paystack took it; its `data.status` is mapped below;
 * - any other 4xx (a duplicate reference, insufficient balance, an invalid recipient, 429):
 *   Paystack answers before acceptance, but a duplicate reference means an earlier call was
 *   taken. Whatever the wording, `GET /transfer/verify/:reference` decides: a transfer under
 *   our reference → its status (never a second payout); none → `RailRefusedError`, and
 *   another rail may pay;
 * - 5xx, 408, a timeout, a body that is not the envelope: the outcome is unknown →
 *   `RailUnknownError` (the status query decides later).
 */
import type { BankTransferRequest, BankTransferStatus, ResolvedAccount } from "@/lib/bank/provider";
import { appError } from "@/lib/errors";
import { RailRefusedError, RailUnknownError } from "@/lib/rails/rail-errors";
import { describe, isNotFound, isRefusal, RAIL, type PaystackAnswer, type PaystackClient } from "./client";
import { koboOf, str, type Json } from "./parse";
import { providerReference } from "./reference";

/** What one rail instance remembers between calls: a shortcut only, never needed for correctness. */
export type RailMemory = {
  /** `<bank code>:<account number>` → recipient code (Paystack keeps one recipient per account anyway). */
  recipients: Map<string, string>;
  /** Owo's refund reference → Paystack's refund id. */
  refundIds: Map<string, string>;
  /** Charge reference → when its pay-with-transfer account expires (ms). */
  chargeExpiries: Map<string, number>;
};

export const newMemory = (): RailMemory => ({ recipients: new Map(), refundIds: new Map(), chargeExpiries: new Map() });

export const OTP_ATTENTION =
  "Paystack holds this transfer for an OTP: finalize it on the Paystack dashboard (Transfers) with the OTP sent to the business owner, or disable the transfer OTP (Settings → Preferences) for later payouts.";
export const APPROVAL_ATTENTION =
  "Paystack is waiting for the integration's transfer approval URL to approve or reject this transfer (Settings → Preferences → Transfer approval).";

/**
 * A Paystack transfer (initiate, verify or webhook `data`) → Owo's transfer status, after the
 * statuses of "How transfers work": `success` completed; `reversed` reversed (Paystack returns
 * the amount); `failed`, `abandoned` (no OTP within 30 minutes), `blocked` (the approval server
 * never answered) and `rejected` (it declined) are conclusive and move no money: failed;
 * `otp` and `received` wait for a person or the approval server: pending with `attention`;
 * `pending` and anything else: pending. `fee_charged` is the fee in kobo when reported.
 */
export function mapTransferStatus(t: Json): BankTransferStatus {
  const raw = (str(t.status) ?? "").toLowerCase();
  const fee = koboOf(t.fee_charged);
  const message = str(t.gateway_response) ?? str(t.failures) ?? str(t.message);
  switch (raw) {
    case "success":
    case "successful":
      return { status: "completed", reason: null, fee };
    case "reversed":
      return { status: "reversed", reason: message ?? "Paystack reversed the transfer and returned the amount", fee };
    case "failed":
      return { status: "failed", reason: message ?? "Paystack could not process the transfer", fee };
    case "abandoned":
      return { status: "failed", reason: "Paystack abandoned the transfer: its OTP was not given within 30 minutes", fee };
    case "blocked":
      return { status: "failed", reason: "Paystack blocked the transfer: the transfer approval URL did not answer", fee };
    case "rejected":
      return { status: "failed", reason: message ?? "The transfer approval URL rejected the transfer", fee };
    case "otp":
      return { status: "pending", reason: null, attention: OTP_ATTENTION, fee };
    case "received":
      return { status: "pending", reason: null, attention: APPROVAL_ATTENTION, fee };
    default:
      return { status: "pending", reason: null, fee };
  }
}

/** A failed call's outcome: unknown unless Paystack answered a refusal. */
const unknown = (what: string, a: PaystackAnswer) => new RailUnknownError(RAIL, `${what} (${describe(a)})`, a.status);

export async function resolveAccount(client: PaystackClient, input: { accountNumber: string; bankCode: string }): Promise<ResolvedAccount> {
  const a = await client.resolveAccount(input.accountNumber, input.bankCode);
  const name = str(a.env.data.account_name);
  if (a.env.ok && name) return { account_name: name, account_number: str(a.env.data.account_number) ?? input.accountNumber, bank_code: input.bankCode };
  // 400 / 422 "Could not resolve account name. Check parameters or try again.", 404: no such account.
  if (isRefusal(a) && a.status !== 429 && !a.env.ok) throw appError("ACCOUNT_NOT_FOUND");
  throw unknown("Paystack name enquiry failed", a);
}

/**
 * The status of a payout by its reference (Paystack's form): `GET /transfer/verify/:reference`.
 * Null only on Paystack's "not found" answer; anything else that is not a transfer under this
 * reference is an unknown answer (a payout is never offered elsewhere while it may exist here).
 */
export async function transferStatus(client: PaystackClient, reference: string): Promise<BankTransferStatus | null> {
  const a = await client.verifyTransfer(reference);
  if (a.env.ok) {
    const got = str(a.env.data.reference);
    if (got && got.toLowerCase() === reference.toLowerCase()) return mapTransferStatus(a.env.data);
    throw new RailUnknownError(RAIL, `Paystack answered transfer ${got ?? "(none)"} for reference ${reference}`, a.status);
  }
  if (isNotFound(a)) return null;
  throw unknown("Paystack transfer status failed", a);
}

/**
 * After a refusal: the transfer Paystack already has under this reference (an earlier call
 * was taken), else the refusal stands. A status query that breaks makes the outcome unknown.
 */
async function refusedUnlessExisting(client: PaystackClient, reference: string, refusal: RailRefusedError): Promise<BankTransferStatus> {
  let existing: BankTransferStatus | null;
  try {
    existing = await transferStatus(client, reference);
  } catch (error) {
    // Unreachable or the key refused (401): Paystack did nothing now either. A payout offered
    // before with an unknown outcome is never moved on a refusal (lib/rails/payouts.ts).
    if (error instanceof RailRefusedError) throw refusal;
    throw new RailUnknownError(
      RAIL,
      `Paystack refused (${refusal.message}) but whether it already has transfer ${reference} is unknown: ${(error as Error).message}`,
    );
  }
  if (existing) return existing;
  throw refusal;
}

/** The recipient code of an account: the one this instance created, else `POST /transferrecipient`. */
async function recipientFor(
  client: PaystackClient,
  memory: RailMemory,
  input: BankTransferRequest,
): Promise<{ code: string } | { refusal: RailRefusedError } | { unknown: Error }> {
  const key = `${input.bankCode}:${input.accountNumber}`;
  const cached = memory.recipients.get(key);
  if (cached) return { code: cached };
  let a: PaystackAnswer;
  try {
    a = await client.createRecipient({
      type: "nuban",
      name: input.accountName,
      account_number: input.accountNumber,
      bank_code: input.bankCode,
      currency: "NGN",
    });
  } catch (error) {
    return error instanceof RailRefusedError ? { refusal: error } : { unknown: error as Error };
  }
  const code = str(a.env.data.recipient_code);
  if (a.env.ok && code) {
    memory.recipients.set(key, code);
    return { code };
  }
  if (isRefusal(a)) return { refusal: new RailRefusedError(RAIL, `Paystack refused the recipient (${describe(a)})`, a.status) };
  return { unknown: unknown("Paystack's recipient answer is not a recipient", a) };
}

/** Narration (`reason`): the caller's, else one naming the reference (at most 100 characters). */
const reasonFor = (input: BankTransferRequest) => (input.narration?.trim() || `Owo payout ${input.reference}`).slice(0, 100);

export async function sendTransfer(client: PaystackClient, memory: RailMemory, input: BankTransferRequest): Promise<BankTransferStatus> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RailRefusedError(RAIL, `Not a kobo amount: ${input.amount}`);
  const reference = providerReference(input.reference);
  const recipient = await recipientFor(client, memory, input);
  if ("refusal" in recipient) return refusedUnlessExisting(client, reference, recipient.refusal);
  if ("unknown" in recipient) {
    // No transfer was sent by this call; an earlier one may have been taken: the status query decides.
    const existing = await transferStatus(client, reference).catch(() => undefined);
    if (existing) return existing;
    if (existing === null)
      throw new RailRefusedError(RAIL, `Paystack could not create the recipient and holds no transfer ${reference}: ${recipient.unknown.message}`);
    throw recipient.unknown;
  }
  const a = await client.initiateTransfer({
    source: "balance",
    amount: input.amount,
    recipient: recipient.code,
    reference,
    reason: reasonFor(input),
    currency: "NGN",
  });
  if (a.env.ok && str(a.env.data.status)) return mapTransferStatus(a.env.data);
  if (isRefusal(a) && !a.env.ok) {
    if (/recipient/i.test(a.env.message)) memory.recipients.delete(`${input.bankCode}:${input.accountNumber}`);
    return refusedUnlessExisting(client, reference, new RailRefusedError(RAIL, `Paystack refused the transfer (${describe(a)})`, a.status));
  }
  throw unknown("Paystack's answer does not say whether the transfer was taken", a);
}
