/**
 * The bank port: everything Owo asks of a banking partner. The sandbox implements it today;
 * a real partner's adapter implements the same interface. Later issues add virtual and
 * static accounts, identity checks, transfers and refunds here.
 */
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

export interface BankProvider {
  /** Banks a transfer can be sent to, with their CBN codes. */
  listBanks(): Promise<Bank[]>;
  /** Name enquiry. Throws AppError ACCOUNT_NOT_FOUND when the bank has no such account. */
  resolveAccount(input: { accountNumber: string; bankCode: string }): Promise<ResolvedAccount>;
  /** Sends money out. Idempotent on `reference`. May answer pending; ask again later. */
  sendTransfer(input: BankTransferRequest): Promise<BankTransferStatus>;
  /** The latest status of a transfer we sent; `null` when the bank never received it. */
  getTransferStatus(reference: string): Promise<BankTransferStatus | null>;
}
