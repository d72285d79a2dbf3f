/**
 * Refunds through Paystack's refund API (`POST /refund`), for the payments Paystack collected
 * (dedicated-account and pay-with-transfer payments are Paystack transactions).
 *
 * Paystack's refund takes no merchant reference, so Owo's refund reference travels in
 * `merchant_note` (`owo-refund:<reference>`) and a repeated call finds the refund it made
 * (the id this instance remembers, else `GET /refund?transaction=` filtered on the note)
 * before asking for another: a refund is asked for once.
 *
 * Refund statuses (Refunds guide, `refund.*` events): `pending`, `processing` → pending;
 * `needs-attention` → pending with `attention` (Paystack needs the customer's account details
 * to return a transfer payment); `processed` → completed; `failed` → failed.
 *
 * A payment Paystack does not know (its verify answers "not found") is paid back as a payout
 * to the payer's account, under the refund's reference (deduplicated like any transfer).
 */
import { findBank } from "@/lib/bank/nigerian-banks";
import type { BankRefundRequest, BankTransferStatus } from "@/lib/bank/provider";
import { RailUnknownError } from "@/lib/rails/rail-errors";
import { bankOf } from "./banks";
import { describe, isNotFound, isRefusal, RAIL, type PaystackClient } from "./client";
import { isObject, koboOf, obj, str, type Json } from "./parse";
import { sendTransfer, type RailMemory } from "./payouts";

export const NEEDS_ATTENTION =
  "Paystack needs the customer's bank account details to return this payment: complete the refund on the Paystack dashboard (Refunds → needs attention).";

export const refundNote = (reference: string) => `owo-refund:${reference}`;

export function mapRefundStatus(r: Json): BankTransferStatus {
  const raw = (str(r.status) ?? "").toLowerCase();
  if (raw === "processed" || raw === "success" || raw === "successful" || raw === "completed") return { status: "completed", reason: null };
  if (raw === "failed") return { status: "failed", reason: str(r.reason) ?? "Paystack could not process the refund" };
  if (raw === "needs-attention" || raw === "needs_attention") return { status: "pending", reason: null, attention: NEEDS_ATTENTION };
  return { status: "pending", reason: null };
}

/** The refund this rail already asked for under `reference`; null when Paystack shows none. */
async function existingRefund(client: PaystackClient, memory: RailMemory, input: BankRefundRequest): Promise<Json | null> {
  const id = memory.refundIds.get(input.reference);
  if (id) {
    const a = await client.fetchRefund(id);
    if (a.env.ok) return a.env.data;
    if (!isNotFound(a)) throw new RailUnknownError(RAIL, `Paystack refund status failed (${describe(a)})`, a.status);
  }
  const l = await client.listRefunds({ transaction: input.paymentReference, perPage: 100 });
  if (!l.env.ok) {
    if (isNotFound(l)) return null;
    throw new RailUnknownError(RAIL, `Paystack refund list failed (${describe(l)})`, l.status);
  }
  const list = Array.isArray(l.env.dataValue) ? l.env.dataValue.filter(isObject) : [];
  const note = refundNote(input.reference);
  const found = list.find((r) => str(r.merchant_note) === note);
  if (found && str(found.id)) memory.refundIds.set(input.reference, str(found.id)!);
  return found ?? null;
}

/** The payer's bank as a NIP code (Paystack reports it by name). */
const payerBankCode = (bank: string | null) => (bank ? (findBank(bank)?.bankCode ?? bankOf({ name: bank })?.bankCode ?? null) : null);

export async function refundPayment(client: PaystackClient, memory: RailMemory, input: BankRefundRequest): Promise<BankTransferStatus> {
  const existing = await existingRefund(client, memory, input);
  if (existing) return mapRefundStatus(existing);
  const a = await client.createRefund({
    transaction: input.paymentReference,
    amount: input.amount,
    currency: "NGN",
    merchant_note: refundNote(input.reference),
  });
  if (a.env.ok) {
    const id = str(a.env.data.id);
    if (id) memory.refundIds.set(input.reference, id);
    return mapRefundStatus(a.env.data);
  }
  if (isNotFound(a)) return payoutRefund(client, memory, input);
  if (isRefusal(a) && a.status !== 429) return { status: "failed", reason: `Paystack refused the refund: ${a.env.message || `HTTP ${a.status}`}` };
  throw new RailUnknownError(RAIL, `Paystack's refund answer does not say whether it was taken (${describe(a)})`, a.status);
}

/** No Paystack transaction to refund: a payout of the amount to the payer's account. */
async function payoutRefund(client: PaystackClient, memory: RailMemory, input: BankRefundRequest): Promise<BankTransferStatus> {
  const account = input.payer.account?.trim() ?? "";
  const bankCode = payerBankCode(input.payer.bank);
  if (!/^\d{10}$/.test(account) || !bankCode)
    return { status: "failed", reason: "Paystack has no such transaction and the payer's account is not known in full" };
  return sendTransfer(client, memory, {
    reference: input.reference,
    amount: input.amount,
    bankCode,
    accountNumber: account,
    accountName: input.payer.name ?? "Customer",
    narration: `Refund ${input.reference}`,
  });
}

/** The amount of a refund answer in kobo (reconciliation); null when absent. */
export const refundAmount = (r: unknown) => koboOf(obj(r).amount);
