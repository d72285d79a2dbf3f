import { getDb } from "@/db/client";
import { insertSandboxRefund } from "@/db/statements/sandbox-bank";
import type { BankRefundRequest, BankTransferStatus } from "@/lib/bank/provider";

/** The payer account the sandbox bank cannot pay back to (as name enquiry finds no such account). */
export const SANDBOX_REFUND_FAILS_ACCOUNT = "0000000000";

/**
 * The sandbox bank's refund desk: it pays the payer back at once, recorded once per refund
 * reference on the transfer desk (a repeat answers the first outcome). A transfer (static
 * account, bank transfer) fails when the payment carries no payer account or the account is
 * `0000000000` (no such account); a card, PayID or crypto payment goes back the way it came.
 */
export async function sandboxRefundPayment(input: BankRefundRequest): Promise<BankTransferStatus> {
  const account = input.payer.account?.trim() ?? "";
  const byTransfer = input.channel === undefined || input.channel === "static_account" || input.channel === "bank_transfer";
  const failure = !byTransfer
    ? null
    : !account
      ? "The payment carries no payer account to return the money to"
      : account === SANDBOX_REFUND_FAILS_ACCOUNT
        ? "Payer account not found"
        : null;
  const db = await getDb();
  const row = await insertSandboxRefund(db, {
    reference: input.reference,
    amount: input.amount,
    bankCode: input.payer.bank ?? (byTransfer ? "unknown" : input.channel!),
    accountNumber: account,
    status: failure ? "failed" : "completed",
    reason: failure,
  });
  return { status: row.status, reason: row.reason };
}
