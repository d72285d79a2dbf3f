/**
 * The bank port: everything Owo asks of a banking partner. The sandbox implements it today;
 * a real partner's adapter implements the same interface. Later issues add static accounts,
 * identity checks and refunds here.
 */
import type { AmountValidation } from "@/db/schema";

export type Bank = { bankCode: string; bankName: string };

export type ResolvedAccount = { account_name: string; account_number: string; bank_code: string };

/** Where a transfer stands at the bank. */
export type BankTransferStatus = { status: "pending" | "completed" | "failed"; reason?: string | null };

export type BankTransferRequest = {
  /** Our reference: the bank deduplicates on it, so a repeated call never pays twice. */
  reference: string;
  amount: number;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  narration?: string | null;
};

/** Money sent back to whoever paid us (a refund). The bank deduplicates on `reference`. */
export type BankRefundRequest = {
  /** Our refund id: a repeated call never pays twice and answers the first outcome. */
  reference: string;
  /** The inbound payment's transaction reference (the bank's session for it). */
  paymentReference: string;
  /** Kobo. */
  amount: number;
  /** The payer as the bank reported them; the money goes back to this account. */
  payer: { name: string | null; bank: string | null; account: string | null };
};

export type VirtualAccountRequest = {
  /** The partner bank to issue at (a `PARTNER_BANKS` provider key). */
  provider: string;
  /** Our reference for the account: the bank deduplicates on it. */
  reference: string;
  accountName: string;
  /** Kobo; null means any amount. */
  amount: number | null;
  amountValidation: AmountValidation;
  expiresAt: Date;
  /** Passed to the bank with the request, as partners take a free-form meta object. */
  metadata?: Record<string, unknown> | null;
};

/** The bank's answer to an issue request: a NUBAN at that bank, or a refusal. */
export type VirtualAccountIssue =
  | { issued: true; accountNumber: string; accountName: string; bankCode: string; bankName: string }
  | { issued: false; reason: string };

export interface BankProvider {
  /** Banks a transfer can be sent to, with their CBN codes. */
  listBanks(): Promise<Bank[]>;
  /** Name enquiry. Throws AppError ACCOUNT_NOT_FOUND when the bank has no such account. */
  resolveAccount(input: { accountNumber: string; bankCode: string }): Promise<ResolvedAccount>;
  /** Sends money out. Idempotent on `reference`. May answer pending; ask again later. */
  sendTransfer(input: BankTransferRequest): Promise<BankTransferStatus>;
  /** The latest status of a transfer we sent; `null` when the bank never received it. */
  getTransferStatus(reference: string): Promise<BankTransferStatus | null>;
  /**
   * Returns an inbound payment's money to its payer. Idempotent on `reference`; answers the
   * outcome (`pending` means ask again with the same reference).
   */
  refundPayment(input: BankRefundRequest): Promise<BankTransferStatus>;
  /**
   * A temporary account number at one partner bank. `attempt` > 0 asks for a different
   * number after the last one was already known to us (a collision).
   */
  issueVirtualAccount(input: VirtualAccountRequest & { attempt?: number }): Promise<VirtualAccountIssue>;
  /** Stops the number accepting payments. `retired: false` when the bank refuses (retry later). */
  retireVirtualAccount(input: { provider: string; reference: string; accountNumber: string }): Promise<{ retired: boolean; reason?: string }>;
}
