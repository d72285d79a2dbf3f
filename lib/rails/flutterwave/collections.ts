/**
 * Money in through Flutterwave: virtual account numbers and the API check of an inbound
 * transaction before anything is booked.
 *
 * - One-off accounts: `POST /virtual-account-numbers` with `is_permanent: false`, the amount
 *   (naira), `tx_ref` = Owo's reference of the account and `expiry` (seconds). `railReference`
 *   is the answer's `order_ref` (what fetching and deactivating the account take). Payments
 *   into it carry `tx_ref`, which is the account's Owo reference.
 * - Static accounts: `is_permanent: true` with the customer's BVN (Flutterwave requires one for
 *   a permanent account). `railReference` is the `tx_ref`, the reference every payment into
 *   the account carries (so the booking finds the account by it).
 * - Inbound: `GET /transactions/:id/verify` (a webhook's `data.id`; a non-numeric lookup is a
 *   `tx_ref`: `GET /transactions/verify_by_reference?tx_ref=`).
 */
import type { StaticAccountIssue, StaticAccountRequest, VirtualAccountIssue, VirtualAccountRequest } from "@/lib/bank/provider";
import type { RailInbound } from "@/lib/rails/rail";
import { RailUnknownError } from "@/lib/rails/rail-errors";
import { koboToNairaNumber } from "@/lib/rails/units";
import { bankByNameOrCode, findIssueBank } from "./banks";
import { RAIL, type FlutterwaveAnswer, type FlutterwaveClient } from "./client";
import { flwDate, kobo, koboRounded, obj, str, type Json } from "./parse";
import { describe, isNotFound } from "./payouts";
import { providerReference } from "./reference";

/** The shortest life Owo asks of a one-off account (Flutterwave's `expiry` is in seconds). */
export const MIN_EXPIRY_SECONDS = 60;

/** The account an issue answer holds: number, the name payers see, the bank it is at. */
function issuedAccount(data: Json, fallbackName: string): { accountNumber: string; accountName: string; bankCode: string; bankName: string } | null {
  const accountNumber = str(data.account_number);
  if (!accountNumber) return null;
  const bank = bankByNameOrCode(str(data.bank_code) ?? str(data.bank_name));
  const note = str(data.note);
  const noted = note ? /make a (?:bank )?transfer to\s+(.+)$/i.exec(note)?.[1]?.trim() : undefined;
  return {
    accountNumber,
    accountName: str(data.account_name) ?? noted ?? fallbackName,
    bankCode: bank?.bankCode ?? str(data.bank_code) ?? "",
    bankName: bank?.bankName ?? str(data.bank_name) ?? "",
  };
}

const unavailable = (a: FlutterwaveAnswer) => a.status >= 500 || a.status === 408 || a.status === 429 || a.status < 400;

export async function issueVirtualAccount(
  client: FlutterwaveClient,
  input: VirtualAccountRequest & { attempt?: number },
  now: number,
): Promise<VirtualAccountIssue> {
  if (!findIssueBank(input.provider)) return { issued: false, reason: `Flutterwave does not issue accounts at ${input.provider}` };
  if (input.amount === null) return { issued: false, reason: "Flutterwave's temporary accounts are for a set amount" };
  const email = input.customerEmail?.trim();
  if (!email) return { issued: false, reason: "Flutterwave needs an email for a virtual account number" };
  const expiry = Math.ceil((input.expiresAt.getTime() - now) / 1000);
  if (expiry < MIN_EXPIRY_SECONDS) return { issued: false, reason: "The account would expire before it could be paid" };
  // Each attempt comes with a new Owo reference, so tx_ref is the reference itself.
  const txRef = providerReference(input.reference);
  try {
    const a = await client.createVirtualAccount({
      email,
      is_permanent: false,
      tx_ref: txRef,
      amount: koboToNairaNumber(input.amount),
      currency: "NGN",
      expiry,
      narration: input.accountName.slice(0, 100),
    });
    const account = a.env.ok ? issuedAccount(a.env.data, input.accountName) : null;
    if (!account) return { issued: false, reason: `Flutterwave did not issue the account (${describe(a)})` };
    return { issued: true, ...account, railReference: str(a.env.data.order_ref) };
  } catch (error) {
    return { issued: false, reason: `Flutterwave did not answer: ${(error as Error).message}` };
  }
}

/** First name and the rest, for Flutterwave's `firstname`/`lastname`. */
function splitName(name: string): { firstname?: string; lastname?: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  return words.length === 1 ? { firstname: words[0] } : { firstname: words[0], lastname: words.slice(1).join(" ") };
}

export async function issueStaticAccount(client: FlutterwaveClient, input: StaticAccountRequest & { attempt?: number }): Promise<StaticAccountIssue> {
  if (!findIssueBank(input.provider)) return { issued: false, outcome: "rejected", reason: `Flutterwave does not issue accounts at ${input.provider}` };
  if (input.identityType !== "bvn") return { issued: false, outcome: "rejected", reason: "Flutterwave issues permanent account numbers against a BVN only" };
  if (!/^\d{11}$/.test(input.identityNumber)) return { issued: false, outcome: "rejected", reason: "Flutterwave needs an 11-digit BVN" };
  const email = input.customerEmail?.trim();
  if (!email) return { issued: false, outcome: "rejected", reason: "Flutterwave needs the customer's email for a permanent account number" };
  const txRef = `${providerReference(input.reference)}${input.attempt ? `-${input.attempt}` : ""}`;
  try {
    const a = await client.createVirtualAccount({
      email,
      is_permanent: true,
      bvn: input.identityNumber,
      tx_ref: txRef,
      currency: "NGN",
      narration: input.accountName.slice(0, 100),
      ...splitName(input.customerName),
      ...(input.customerPhone ? { phonenumber: input.customerPhone } : {}),
    });
    if (!a.env.ok)
      return { issued: false, outcome: unavailable(a) ? "unavailable" : "rejected", reason: `Flutterwave did not issue the account (${describe(a)})` };
    const account = issuedAccount(a.env.data, input.accountName);
    if (!account) return { issued: false, outcome: "unavailable", reason: "Flutterwave's answer carries no account number" };
    return { issued: true, ...account, railReference: txRef };
  } catch (error) {
    return { issued: false, outcome: "unavailable", reason: `Flutterwave did not answer: ${(error as Error).message}` };
  }
}

/**
 * Closes a one-off account: `{status: "inactive"}` to `/virtual-account-numbers/:order_ref`
 * (its `railReference`). When Flutterwave does not deactivate it, the account counts as retired
 * only if Flutterwave no longer has it or its `expiry_date` has passed (it expires on its own
 * and takes no more money); otherwise `retired: false` (retry later).
 */
export async function retireVirtualAccount(
  client: FlutterwaveClient,
  input: { railReference?: string | null },
  now: number,
): Promise<{ retired: boolean; reason?: string }> {
  const orderRef = input.railReference?.trim();
  if (!orderRef) return { retired: false, reason: "The account has no Flutterwave order_ref to deactivate" };
  try {
    const a = await client.deactivateVirtualAccount(orderRef);
    if (a.env.ok || isNotFound(a)) return { retired: true };
    const g = await client.getVirtualAccount(orderRef);
    if (isNotFound(g)) return { retired: true };
    const expires = g.env.ok ? flwDate(g.env.data.expiry_date) : null;
    const inactive = g.env.ok && /inactive|expired|closed|deactivated/i.test(str(g.env.data.account_status) ?? str(g.env.data.status) ?? "");
    if (inactive || (expires && expires.getTime() <= now)) return { retired: true };
    return {
      retired: false,
      reason: `Flutterwave did not deactivate the account (${describe(a)})${expires ? `; it expires on its own at ${expires.toISOString()}` : ""}`,
    };
  } catch (error) {
    return { retired: false, reason: `Flutterwave did not answer: ${(error as Error).message}` };
  }
}

const SUCCESS = new Set(["successful", "success", "completed"]);
const FAILED = new Set(["failed", "failure", "cancelled", "error", "reversed", "declined"]);

/**
 * The API's account of one inbound transaction (never the webhook's): the amount paid, the
 * fee, the account reference it reached, the payer. Only `status: "successful"` in NGN is money
 * received; null when Flutterwave has no such transaction.
 */
export async function verifyInbound(client: FlutterwaveClient, lookup: string): Promise<RailInbound | null> {
  const key = lookup.trim();
  const a = /^\d+$/.test(key) ? await client.verifyTransaction(key) : await client.verifyByReference(key);
  if (!a.env.ok) {
    if (isNotFound(a)) return null;
    throw new RailUnknownError(RAIL, `Flutterwave transaction lookup failed (${describe(a)})`, a.status);
  }
  const inbound = flutterwaveInbound(a.env.data);
  if (!inbound) throw new RailUnknownError(RAIL, `Flutterwave's transaction ${key} carries no id or no readable amount`, a.status);
  return inbound;
}

/** One Flutterwave transaction (the verify answer's `data`, an item of `GET /transactions`) as Owo reads it; null without an id or amount. */
export function flutterwaveInbound(d: Json): RailInbound | null {
  const id = str(d.id);
  const amount = kobo(d.amount);
  if (!id || amount === null) return null;
  const raw = (str(d.status) ?? "").toLowerCase();
  const currency = (str(d.currency) ?? "NGN").toUpperCase();
  const fee = koboRounded(d.app_fee);
  // The bank-transfer payer: `meta` on the verify answer (the webhook's `meta_data`).
  const meta = { ...obj(d.meta_data), ...obj(d.meta) };
  const payerBank = str(meta.bankname) ?? str(meta.originatorbankname) ?? str(meta.bank_name);
  return {
    status: currency !== "NGN" ? "failed" : SUCCESS.has(raw) ? "success" : FAILED.has(raw) ? "failed" : "pending",
    providerReference: id,
    amount,
    fee: fee !== null && fee >= 0 && fee <= amount ? fee : null,
    accountNumber: str(meta.craccount) ?? str(meta.account_number) ?? str(meta.beneficiary_account_number),
    accountReference: str(d.tx_ref),
    payer: {
      name: str(meta.originatorname),
      bank: payerBank ? (bankByNameOrCode(payerBank)?.bankName ?? payerBank) : null,
      account: str(meta.originatoraccountnumber),
    },
    sessionId: str(meta.sessionid) ?? str(meta.session_id),
    paidAt: flwDate(d.created_at),
  };
}
