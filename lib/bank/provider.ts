/**
 * The bank port: everything Owo asks of a banking partner. The sandbox implements it today;
 * a real partner's adapter implements the same interface. Later issues add virtual and
 * static accounts, identity checks, transfers and refunds here.
 */
export type Bank = { bankCode: string; bankName: string };

export type ResolvedAccount = { account_name: string; account_number: string; bank_code: string };

export interface BankProvider {
  /** Banks a transfer can be sent to, with their CBN codes. */
  listBanks(): Promise<Bank[]>;
  /** Name enquiry. Throws AppError ACCOUNT_NOT_FOUND when the bank has no such account. */
  resolveAccount(input: { accountNumber: string; bankCode: string }): Promise<ResolvedAccount>;
}
