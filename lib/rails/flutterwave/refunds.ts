/**
 * Refunds through Flutterwave: `POST /transactions/:id/refund` `{amount}` for a payment
 * Flutterwave collected (the money goes back to the payment's source), else a payout to the
 * payer's account under the refund's reference.
 *
 * Flutterwave's refund takes no merchant reference, so idempotency on Owo's `reference` rests on
 * two things: the refund id this instance remembers, and the rule that Owo refunds a payment
 * once at a time (a new refund of the same payment only after the previous one failed). So
 * before asking for a refund, the payment's refunds are read (`GET /refunds?id=<transaction
 * id>`, filtered again on `tx_id`): one that has not failed is this refund, and its status is
 * the answer. No refund is ever asked for twice while one is pending or done.
 */
import type { BankRefundRequest, BankTransferStatus } from "@/lib/bank/provider";
import { RailUnknownError } from "@/lib/rails/rail-errors";
import { koboToNairaNumber } from "@/lib/rails/units";
import { bankByNameOrCode } from "./banks";
import { RAIL, type FlutterwaveClient } from "./client";
import { isObject, str, type Json } from "./parse";
import { describe, isNotFound, sendTransfer, type RailMemory } from "./payouts";

/** A Flutterwave refund (`status` completed / pending / failed) → Owo's status. */
export function mapRefundStatus(r: Json): BankTransferStatus {
  const raw = (str(r.status) ?? "").toLowerCase();
  if (["completed", "successful", "success", "refunded"].includes(raw)) return { status: "completed", reason: null };
  if (["failed", "failure", "declined", "rejected", "cancelled"].includes(raw))
    return { status: "failed", reason: str(r.comments) ?? str(r.message) ?? `Flutterwave reports the refund ${raw}` };
  return { status: "pending", reason: null };
}

const refundsOf = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : isObject(value) && Object.keys(value).length > 0 ? [value] : []);

export async function refundPayment(client: FlutterwaveClient, memory: RailMemory, input: BankRefundRequest): Promise<BankTransferStatus> {
  const transactionId = input.paymentReference.trim();
  const known = memory.refundIds.get(input.reference);
  if (known) {
    const r = await client.getRefund(known);
    if (r.env.ok) return mapRefundStatus(r.env.data);
    if (!isNotFound(r)) throw new RailUnknownError(RAIL, `Flutterwave refund lookup failed (${describe(r)})`, r.status);
  }
  // Only a Flutterwave transaction id (digits) has a refund API; anything else is paid back.
  if (!/^\d+$/.test(transactionId)) return payBack(client, memory, input, "the payment has no Flutterwave transaction id");

  const l = await client.listRefunds({ id: transactionId });
  if (l.env.ok) {
    const mine = refundsOf(l.env.dataValue).find((r) => str(r.tx_id) === transactionId && mapRefundStatus(r).status !== "failed");
    if (mine) {
      const id = str(mine.id);
      if (id) memory.refundIds.set(input.reference, id);
      return mapRefundStatus(mine);
    }
  } else if (!isNotFound(l)) {
    throw new RailUnknownError(RAIL, `Flutterwave refund list failed (${describe(l)})`, l.status);
  }

  const a = await client.refundTransaction(transactionId, { amount: koboToNairaNumber(input.amount), comments: `Owo refund ${input.reference}`.slice(0, 100) });
  if (a.env.ok) {
    const id = str(a.env.data.id);
    if (id) memory.refundIds.set(input.reference, id);
    return mapRefundStatus(a.env.data);
  }
  if (a.status >= 500 || a.status === 408 || a.status < 400) {
    throw new RailUnknownError(RAIL, `Flutterwave's answer does not say whether the refund was taken (${describe(a)})`, a.status);
  }
  // A refusal of the refund itself (no such transaction, not refundable, amount too large).
  return payBack(client, memory, input, a.env.message || `HTTP ${a.status}`);
}

/**
 * The money back as a payout to the payer's account (idempotent on the refund's reference).
 * Flutterwave masks a payer's account number in its answers ("123*******90"): without a full
 * 10-digit number and a known bank there is no account to pay, and the refund fails.
 */
async function payBack(client: FlutterwaveClient, memory: RailMemory, input: BankRefundRequest, why: string): Promise<BankTransferStatus> {
  const account = input.payer.account?.trim() ?? "";
  const bank = bankByNameOrCode(input.payer.bank);
  if (!/^\d{10}$/.test(account) || !bank) {
    return { status: "failed", reason: `Flutterwave cannot refund this payment (${why}) and it carries no full payer account to pay back` };
  }
  return sendTransfer(client, memory, {
    reference: input.reference,
    amount: input.amount,
    bankCode: bank.bankCode,
    accountNumber: account,
    accountName: input.payer.name ?? "Customer",
    narration: "Refund",
  });
}
