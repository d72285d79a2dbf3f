/**
 * Money in through Paystack: accounts customers pay into, and the API check of an inbound
 * transaction before anything is booked.
 *
 * - One-off accounts: Pay with Transfer, `POST /charge` with the amount (kobo), the customer's
 *   email, our reference (`chargeReference`) and `bank_transfer.account_expires_at`. The
 *   answer (`status: "pending_bank_transfer"`) holds the account number, its name and bank.
 *   Paystack picks the bank (Wema or Paystack-Titan): the issued account's bank is read from
 *   the answer. `railReference` is the charge's reference: the payment into the account is
 *   that transaction, so `verifyInbound` reports it as `accountReference`. Paystack refunds a
 *   transfer of another amount, or one made after the account expired, on its own.
 * - Static accounts: dedicated virtual accounts. `POST /customer` (a customer keyed by Owo's
 *   account reference), then `POST /dedicated_account` with the customer code and
 *   `preferred_bank` (the issue key's slug). A refusal is checked against `GET
 *   /dedicated_account?customer=&provider_slug=` (the customer may already have its account:
 *   a repeated call). `railReference` is the dedicated account's id.
 * - Inbound: `GET /transaction/verify/:reference`.
 */
import { createHash } from "node:crypto";
import type { StaticAccountIssue, StaticAccountRequest, VirtualAccountIssue, VirtualAccountRequest } from "@/lib/bank/provider";
import type { RailInbound, RailPayer } from "@/lib/rails/rail";
import { RailUnknownError } from "@/lib/rails/rail-errors";
import { bankOf, slugOf } from "./banks";
import { describe, isNotFound, isRefusal, RAIL, type PaystackAnswer, type PaystackClient } from "./client";
import { either, isObject, koboOf, obj, paystackDate, str, type Json } from "./parse";
import type { RailMemory } from "./payouts";
import { chargeReference } from "./reference";

/** Pay with Transfer's smallest amount (API errors, Transactions: "The minimum amount for Pay with Transfers transactions is NGN 100"). */
export const MIN_PAY_WITH_TRANSFER_KOBO = 10_000;

/** The account an issue answer holds (pay-with-transfer charge or dedicated account). */
function issuedAccount(data: Json, fallbackName: string): { accountNumber: string; accountName: string; bankCode: string; bankName: string } | null {
  const accountNumber = str(data.account_number);
  if (!accountNumber) return null;
  const b = obj(data.bank);
  const bank = bankOf({ slug: str(b.slug), code: str(b.code), name: str(b.name) ?? str(data.bank_name) });
  return {
    accountNumber,
    accountName: str(data.account_name) ?? fallbackName,
    bankCode: bank?.bankCode ?? str(b.code) ?? "",
    bankName: bank?.bankName ?? str(b.name) ?? str(data.bank_name) ?? "",
  };
}

/** A placeholder email (Paystack requires one) that only this reference maps to; lowercase hex, so no mail system can merge two. */
export function customerEmailFor(key: string, domain: string): string {
  return `owo-${createHash("sha256").update(key, "utf8").digest("hex").slice(0, 32)}@${domain}`;
}

export async function issueVirtualAccount(
  client: PaystackClient,
  memory: RailMemory,
  input: VirtualAccountRequest & { attempt?: number },
): Promise<VirtualAccountIssue> {
  if (!slugOf(input.provider)) return { issued: false, reason: `Paystack does not issue accounts at ${input.provider}` };
  if (input.amount === null) return { issued: false, reason: "Paystack's pay-with-transfer accounts are for a set amount" };
  if (input.amount < MIN_PAY_WITH_TRANSFER_KOBO) return { issued: false, reason: "Paystack's pay-with-transfer accounts are for ₦100 or more" };
  const now = (client.opts.now ?? Date.now)();
  if (input.expiresAt.getTime() <= now) return { issued: false, reason: "The account would expire before it could be paid" };
  // Each attempt comes with a new Owo reference, so the charge reference is the reference itself.
  const reference = chargeReference(input.reference);
  const email = input.customerEmail?.trim() || customerEmailFor(input.reference, client.opts.customerEmailDomain ?? "customers.owo.invalid");
  let a: PaystackAnswer;
  try {
    a = await client.chargeBankTransfer({
      email,
      amount: input.amount,
      reference,
      bank_transfer: { account_expires_at: input.expiresAt.toISOString() },
      metadata: { ...(input.metadata ?? {}), owo_reference: input.reference, account_name: input.accountName },
    });
  } catch (error) {
    return { issued: false, reason: `Paystack did not answer: ${(error as Error).message}` };
  }
  const account = a.env.ok ? issuedAccount(a.env.data, input.accountName) : null;
  if (!account)
    return { issued: false, reason: `Paystack did not issue the account (${describe(a)}${a.env.ok ? `, status ${str(a.env.data.status) ?? "none"}` : ""})` };
  const railReference = str(a.env.data.reference) ?? reference;
  const expires = paystackDate(a.env.data.account_expires_at) ?? input.expiresAt;
  memory.chargeExpiries.set(railReference, expires.getTime());
  return { issued: true, ...account, railReference };
}

/** First and last name from one name (Paystack's customer needs both). */
export function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first: "Customer", last: "Customer" };
  if (parts.length === 1) return { first: parts[0]!, last: parts[0]! };
  return { first: parts.slice(0, -1).join(" "), last: parts.at(-1)! };
}

const unavailable = (reason: string): StaticAccountIssue => ({ issued: false, outcome: "unavailable", reason });

/**
 * A dedicated virtual account at the issue key's bank. Paystack runs its own KYC (customer
 * validation is required only for some business categories and needs a bank account and BVN
 * Owo does not hold), so the identity number is not sent. `attempt` > 0 creates the account
 * for a new customer (a different email), which yields a different number.
 */
export async function issueStaticAccount(client: PaystackClient, input: StaticAccountRequest & { attempt?: number }): Promise<StaticAccountIssue> {
  const slug = slugOf(input.provider);
  if (!slug) return { issued: false, outcome: "rejected", reason: `Paystack does not issue accounts at ${input.provider}` };
  const key = input.attempt ? `${input.reference}#${input.attempt}` : input.reference;
  const { first, last } = splitName(input.customerName);
  const phone = input.customerPhone?.trim() || undefined;
  const c = await client.createCustomer({
    email: customerEmailFor(key, client.opts.customerEmailDomain ?? "customers.owo.invalid"),
    first_name: first,
    last_name: last,
    ...(phone ? { phone } : {}),
  });
  const customerCode = str(c.env.data.customer_code);
  const customerId = str(c.env.data.id);
  if (!c.env.ok || !customerCode)
    return isRefusal(c)
      ? { issued: false, outcome: "rejected", reason: `Paystack refused the customer (${describe(c)})` }
      : unavailable(`Paystack did not create the customer (${describe(c)})`);

  const d = await client.createDedicatedAccount({ customer: customerCode, preferred_bank: slug });
  const created = d.env.ok ? issuedAccount(d.env.data, input.accountName) : null;
  if (created) return { issued: true, ...created, railReference: str(d.env.data.id) };
  if (!isRefusal(d)) return unavailable(`Paystack did not create the dedicated account (${describe(d)})`);

  // Refused: the customer may already hold its account at that bank (a repeated call).
  const l = await client.listDedicatedAccounts({ customer: customerId ?? customerCode, provider_slug: slug, active: true });
  const list = Array.isArray(l.env.dataValue) ? l.env.dataValue.filter(isObject) : [];
  const mine = list.find((acc) => {
    const owner = obj(acc.customer);
    const sameCustomer = str(owner.customer_code) === customerCode || (customerId !== null && str(owner.id) === customerId);
    return sameCustomer && str(obj(acc.bank).slug) === slug && acc.active !== false;
  });
  const existing = mine ? issuedAccount(mine, input.accountName) : null;
  if (existing) return { issued: true, ...existing, railReference: str(mine!.id) };
  return { issued: false, outcome: "rejected", reason: `Paystack refused the dedicated account (${describe(d)})` };
}

/** Transaction statuses that end a pay-with-transfer charge: no further money is taken for it. */
const CONCLUSIVE = new Set(["success", "failed", "abandoned", "reversed"]);

/**
 * Paystack has no call that closes a pay-with-transfer account early: it closes on its own at
 * `account_expires_at`, and Paystack refunds anything paid to it later. So it is retired when
 * its charge has ended (`GET /transaction/verify/:reference`: success, failed, abandoned,
 * reversed) or when it has expired; before that, `retired: false` (retry later).
 */
export async function retireVirtualAccount(
  client: PaystackClient,
  memory: RailMemory,
  input: { reference: string; railReference?: string | null },
): Promise<{ retired: boolean; reason?: string }> {
  const reference = input.railReference ?? chargeReference(input.reference);
  const expires = memory.chargeExpiries.get(reference);
  if (expires !== undefined && expires <= (client.opts.now ?? Date.now)()) return { retired: true };
  let a: PaystackAnswer;
  try {
    a = await client.verifyTransaction(reference);
  } catch (error) {
    return { retired: false, reason: `Paystack did not answer: ${(error as Error).message}` };
  }
  if (a.env.ok && CONCLUSIVE.has((str(a.env.data.status) ?? "").toLowerCase())) return { retired: true };
  if (isNotFound(a)) return { retired: true };
  return {
    retired: false,
    reason: "Paystack closes a pay-with-transfer account only when it expires (account_expires_at); it refunds payments made after that",
  };
}

/** Paystack's transaction status → an inbound status: `success`; conclusive failures; anything else still pending. */
function inboundStatus(raw: string): RailInbound["status"] {
  if (raw === "success") return "success";
  if (raw === "failed" || raw === "abandoned" || raw === "reversed") return "failed";
  return "pending";
}

/**
 * `GET /transaction/verify/:reference` → the payment as Paystack's API reports it: the amount
 * (kobo), `fees`, the account paid into (`authorization.receiver_bank_account_number` for a
 * dedicated account), the payer (`sender_name`, `sender_bank`, `sender_bank_account_number`,
 * which Paystack masks), and, for a pay-with-transfer charge (channel `bank_transfer`), its
 * reference as `accountReference` (the railReference its account was issued with). Null on
 * Paystack's "not found".
 */
export async function verifyInbound(client: PaystackClient, lookup: string): Promise<RailInbound | null> {
  const a = await client.verifyTransaction(lookup);
  if (!a.env.ok) {
    if (isNotFound(a)) return null;
    throw new RailUnknownError(RAIL, `Paystack transaction verify failed (${describe(a)})`, a.status);
  }
  const inbound = paystackInbound(a.env.data);
  if (!inbound) throw new RailUnknownError(RAIL, `Paystack's verify answer for ${lookup} has no reference or amount`, a.status);
  return inbound;
}

/** One Paystack transaction (the verify answer's `data`, an item of `GET /transaction`) as Owo reads it; null without a reference or amount. */
export function paystackInbound(t: Json): RailInbound | null {
  const reference = str(t.reference);
  const amount = koboOf(t.amount);
  if (!reference || amount === null) return null;
  const auth = obj(t.authorization);
  const meta = obj(typeof t.metadata === "string" ? safeJson(t.metadata) : t.metadata);
  const channel = (str(t.channel) ?? str(auth.channel) ?? "").toLowerCase();
  const payer: RailPayer = {
    name: str(auth.sender_name) ?? str(auth.account_name),
    bank: str(auth.sender_bank) ?? (channel === "dedicated_nuban" || channel === "bank_transfer" ? null : str(auth.bank)),
    account: str(auth.sender_bank_account_number),
  };
  return {
    status: inboundStatus((str(t.status) ?? "").toLowerCase()),
    providerReference: reference,
    amount,
    fee: koboOf(t.fees),
    accountNumber: str(auth.receiver_bank_account_number) ?? str(meta.receiver_account_number) ?? null,
    accountReference: channel === "bank_transfer" ? reference : null,
    payer,
    sessionId: str(either(auth, "session_id", "sessionId")) ?? str(t.session_id) ?? null,
    paidAt: paystackDate(either(t, "paid_at", "paidAt", "transaction_date")),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
