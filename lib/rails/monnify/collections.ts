/**
 * Money in through Monnify: reserved (permanent) accounts, one-off checkout accounts, and the
 * API check of an inbound transaction before anything is booked.
 *
 * - Static accounts: `POST /api/v2/bank-transfer/reserved-accounts` with `accountReference` =
 *   Owo's reference, the customer's BVN or NIN, `getAllAvailableBanks: false` and
 *   `preferredBanks: [<the chosen bank>]`. A reference Monnify already holds ("You can not
 *   reserve two accounts with the same reference") is read back with `GET …/{accountReference}`.
 * - One-off accounts: `POST /api/v1/merchant/transactions/init-transaction` (the amount, the
 *   customer's email, `paymentReference` = Owo's reference) then
 *   `POST /api/v1/merchant/bank-transfer/init-payment`; the account lasts
 *   `accountDurationSeconds` (at most 40 minutes). Monnify picks the bank of a one-off account.
 * - Inbound: `GET /api/v2/transactions/{transactionReference}`; `amountPaid` is what the
 *   customer paid, `amountPaid − settlementAmount` Monnify's fee.
 */
import { findBank } from "@/lib/bank/nigerian-banks";
import type { StaticAccountIssue, StaticAccountRequest, VirtualAccountIssue, VirtualAccountRequest } from "@/lib/bank/provider";
import type { RailBank, RailInbound } from "@/lib/rails/rail";
import { RailUnknownError } from "@/lib/rails/rail-errors";
import { koboToNairaNumber } from "@/lib/rails/units";
import { RAIL, type MonnifyAnswer, type MonnifyClient } from "./client";
import { firstRecord, isObject, kobo, monnifyDate, obj, str, type Json } from "./parse";
import { isNotFound } from "./payouts";
import { providerReference } from "./reference";

/** The partner banks Monnify reserves accounts at (its docs' `preferredBanks`: 035, 232, 50515, 058; Moniepoint is the default). */
export const MONNIFY_ISSUE_BANKS: readonly RailBank[] = [
  { provider: "monnify:50515", bankName: "Moniepoint MFB", bankCode: "50515" },
  { provider: "monnify:035", bankName: "Wema Bank", bankCode: "035" },
  { provider: "monnify:232", bankName: "Sterling Bank", bankCode: "232" },
  { provider: "monnify:058", bankName: "Guaranty Trust Bank", bankCode: "058" },
];

export const findIssueBank = (provider: string) => MONNIFY_ISSUE_BANKS.find((b) => b.provider === provider);

/** Monnify's documented limits of a one-off account: ₦20 at least, 40 minutes at most. */
export const ONE_OFF_MIN_KOBO = 2000;
export const ONE_OFF_MAX_SECONDS = 2400;

const describe = (a: MonnifyAnswer) => `HTTP ${a.status}${a.env.code ? `, ${a.env.code}` : ""}${a.env.message ? `: ${a.env.message}` : ""}`;
const withAttempt = (reference: string, attempt?: number) => (attempt ? `${reference}-${attempt}` : reference);

/** The account a reserve answer holds at `bankCode` (v2 `accounts[]`; the v1 answer is flat). */
function reservedAccountAt(body: Json, bankCode: string): { accountNumber: string; bankCode: string; bankName: string; accountName: string | null } | null {
  const list = Array.isArray(body.accounts) ? body.accounts.filter(isObject) : [body];
  const chosen = list.find((a) => str(a.bankCode) === bankCode) ?? list[0];
  const accountNumber = chosen ? str(chosen.accountNumber) : null;
  if (!chosen || !accountNumber) return null;
  const code = str(chosen.bankCode) ?? bankCode;
  return {
    accountNumber,
    bankCode: code,
    bankName: str(chosen.bankName) ?? findBank(code)?.bankName ?? code,
    accountName: str(chosen.accountName) ?? str(body.accountName),
  };
}

export async function issueStaticAccount(client: MonnifyClient, input: StaticAccountRequest & { attempt?: number }): Promise<StaticAccountIssue> {
  const bank = findIssueBank(input.provider);
  if (!bank) return { issued: false, outcome: "rejected", reason: `Monnify does not issue accounts at ${input.provider}` };
  if (input.identityType === "rc") return { issued: false, outcome: "rejected", reason: "Monnify reserves accounts against a BVN or NIN, not a CAC number" };
  if (!/^\d{11}$/.test(input.identityNumber)) return { issued: false, outcome: "rejected", reason: "Monnify needs an 11-digit BVN or NIN" };
  const email = input.customerEmail?.trim();
  if (!email) return { issued: false, outcome: "rejected", reason: "Monnify needs the customer's email to reserve an account" };
  const accountReference = withAttempt(providerReference(input.reference), input.attempt);
  try {
    let a = await client.reserveAccount({
      accountReference,
      accountName: input.accountName,
      currencyCode: "NGN",
      contractCode: client.config.contractCode,
      customerEmail: email,
      customerName: input.customerName,
      ...(input.identityType === "bvn" ? { bvn: input.identityNumber } : { nin: input.identityNumber }),
      getAllAvailableBanks: false,
      preferredBanks: [bank.bankCode],
    });
    if (!a.env.ok && /same reference|already (been )?reserved|already exist/i.test(a.env.message)) a = await client.getReservedAccount(accountReference);
    if (!a.env.ok) {
      const later = a.status >= 500 || a.status === 408 || a.status === 429;
      return { issued: false, outcome: later ? "unavailable" : "rejected", reason: `Monnify did not reserve the account (${describe(a)})` };
    }
    const account = reservedAccountAt(a.env.body, bank.bankCode);
    if (!account) return { issued: false, outcome: "unavailable", reason: "Monnify's answer carries no account number" };
    return {
      issued: true,
      accountNumber: account.accountNumber,
      accountName: account.accountName ?? input.accountName,
      bankCode: account.bankCode,
      bankName: account.bankName,
      railReference: accountReference,
    };
  } catch (error) {
    return { issued: false, outcome: "unavailable", reason: `Monnify did not answer: ${(error as Error).message}` };
  }
}

export async function issueVirtualAccount(
  client: MonnifyClient,
  input: VirtualAccountRequest & { attempt?: number },
  now: number,
): Promise<VirtualAccountIssue> {
  if (!findIssueBank(input.provider)) return { issued: false, reason: `Monnify does not issue accounts at ${input.provider}` };
  if (input.amount === null) return { issued: false, reason: "Monnify's one-off accounts are for a set amount" };
  if (input.amount < ONE_OFF_MIN_KOBO) return { issued: false, reason: "Monnify's one-off accounts take at least ₦20" };
  const email = input.customerEmail?.trim();
  if (!email) return { issued: false, reason: "Monnify needs the customer's email for a one-off account" };
  if (input.expiresAt.getTime() - now > (ONE_OFF_MAX_SECONDS + 60) * 1000)
    return { issued: false, reason: "Monnify's one-off accounts last at most 40 minutes" };
  const paymentReference = withAttempt(providerReference(input.reference), input.attempt);
  try {
    const init = await client.initTransaction({
      amount: koboToNairaNumber(input.amount),
      customerName: input.accountName,
      customerEmail: email,
      paymentReference,
      paymentDescription: input.accountName,
      currencyCode: "NGN",
      contractCode: client.config.contractCode,
      paymentMethods: ["ACCOUNT_TRANSFER"],
      metaData: { ...(input.metadata ?? {}), owo_reference: input.reference },
    });
    let transactionReference = init.env.ok ? str(init.env.body.transactionReference) : null;
    if (!init.env.ok && /duplicate payment reference/i.test(init.env.message)) {
      const q = await client.queryTransaction(paymentReference);
      transactionReference = q.env.ok ? str(q.env.body.transactionReference) : null;
    }
    if (!transactionReference) return { issued: false, reason: `Monnify did not start the transaction (${describe(init)})` };
    const pay = await client.initBankTransfer(transactionReference);
    const accountNumber = str(pay.env.body.accountNumber);
    if (!pay.env.ok || !accountNumber) return { issued: false, reason: `Monnify did not give an account (${describe(pay)})` };
    const bankCode = str(pay.env.body.bankCode) ?? "";
    return {
      issued: true,
      accountNumber,
      accountName: str(pay.env.body.accountName) ?? input.accountName,
      bankCode,
      bankName: str(pay.env.body.bankName) ?? findBank(bankCode)?.bankName ?? bankCode,
      railReference: transactionReference,
    };
  } catch (error) {
    return { issued: false, reason: `Monnify did not answer: ${(error as Error).message}` };
  }
}

/**
 * Monnify has no call that closes a one-off account: it closes itself when its transaction
 * ends (paid, expired after at most 40 minutes, cancelled). So the account counts as retired
 * only once Monnify reports its transaction no longer PENDING (or unknown); while it is
 * pending money can still arrive, and the answer is `retired: false` (retry later).
 */
export async function retireVirtualAccount(
  client: MonnifyClient,
  input: { reference: string; railReference?: string | null },
): Promise<{ retired: boolean; reason?: string }> {
  try {
    const a = input.railReference ? await client.getTransaction(input.railReference) : await client.queryTransaction(providerReference(input.reference));
    if (isNotFound(a)) return { retired: true };
    if (!a.env.ok) return { retired: false, reason: `Monnify did not say (${describe(a)})` };
    const status = (str(a.env.body.paymentStatus) ?? "").toUpperCase();
    if (status === "PENDING" || status === "")
      return { retired: false, reason: "Monnify closes a one-off account only when it expires (at most 40 minutes after it was issued)" };
    return { retired: true };
  } catch (error) {
    return { retired: false, reason: `Monnify did not answer: ${(error as Error).message}` };
  }
}

/** `DELETE /api/v1/bank-transfer/reserved-accounts/reference/{accountReference}`: a static account stops taking money. */
export async function retireStaticAccount(client: MonnifyClient, railReference: string): Promise<{ retired: boolean; reason?: string }> {
  try {
    const a = await client.deallocateReservedAccount(railReference);
    if (a.env.ok || isNotFound(a)) return { retired: true };
    return { retired: false, reason: `Monnify did not deallocate the account (${describe(a)})` };
  } catch (error) {
    return { retired: false, reason: `Monnify did not answer: ${(error as Error).message}` };
  }
}

const PAID = new Set(["PAID", "OVERPAID", "PARTIALLY_PAID"]);
const NOT_PAID = new Set(["FAILED", "EXPIRED", "CANCELLED", "ABANDONED", "REVERSED"]);

/**
 * The API's account of one inbound transaction (never the webhook's): the amount paid, the fee,
 * the account it reached, the payer. PAID, OVERPAID and PARTIALLY_PAID are money received (Owo
 * applies the account's amount rule to `amount`); null when Monnify has no such transaction.
 */
export async function verifyInbound(client: MonnifyClient, lookup: string): Promise<RailInbound | null> {
  const a = await client.getTransaction(lookup);
  if (!a.env.ok) {
    if (isNotFound(a)) return null;
    throw new RailUnknownError(RAIL, `Monnify transaction lookup failed (${describe(a)})`, a.status);
  }
  return monnifyInbound(a.env.body, lookup);
}

/** One Monnify transaction (`GET /api/v2/transactions/:ref`'s body, an item of `GET /api/v1/transactions/search`) as Owo reads it. */
export function monnifyInbound(b: Json, lookup: string): RailInbound {
  const paymentStatus = (str(b.paymentStatus) ?? "").toUpperCase();
  const amount = kobo(b.amountPaid) ?? 0;
  const settlement = kobo(b.settlementAmount);
  const source = firstRecord(b.paymentSourceInformation) ?? firstRecord(b.accountPayments) ?? firstRecord(b.accountDetails) ?? {};
  const destination = obj(b.destinationAccountInformation);
  const product = obj(b.product);
  const transactionReference = str(b.transactionReference) ?? lookup;
  const payerBank = str(source.bankCode);
  return {
    status: PAID.has(paymentStatus) ? "success" : NOT_PAID.has(paymentStatus) ? "failed" : "pending",
    providerReference: transactionReference,
    amount,
    fee: settlement !== null && settlement <= amount ? amount - settlement : null,
    accountNumber: str(destination.accountNumber),
    accountReference: (str(product.type) ?? "").toUpperCase() === "RESERVED_ACCOUNT" ? str(product.reference) : transactionReference,
    payer: { name: str(source.accountName), bank: payerBank ? (findBank(payerBank)?.bankName ?? payerBank) : null, account: str(source.accountNumber) },
    sessionId: str(source.sessionId) ?? str(b.sessionId),
    paidAt: monnifyDate(b.paidOn),
  };
}
