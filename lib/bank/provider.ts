/**
 * The bank port: everything Owo asks of a banking partner. The sandbox implements it today;
 * a real partner's adapter implements the same interface.
 */
import { z } from "zod";
import type { AmountValidation } from "@/db/schema";
import { responseSchema } from "@/lib/response-schema";

const BankSchema = z.object({ bankCode: z.string(), bankName: z.string() });
export type Bank = z.output<typeof BankSchema>;
/** The banks a transfer can go to (GET /v1/checkout/transfer/banks). */
export const BankListSchema = responseSchema("BankList", z.object({ banks: z.array(BankSchema) }));

/** A name enquiry's answer (POST /v1/checkout/transfer/banks/resolve). */
export const ResolvedAccountSchema = responseSchema(
  "ResolvedAccount",
  z.object({ account_name: z.string(), account_number: z.string(), bank_code: z.string() }),
);
export type ResolvedAccount = z.output<typeof ResolvedAccountSchema>;

/**
 * Where a transfer stands at the bank. `reversed`: it had completed and the provider took it
 * back (supplement §11). `attention`: the provider holds it until a person acts (an OTP to
 * finalize, a blocked transfer); the transfer stays pending and operators are alerted.
 * `fee`: kobo the provider charged for it, when it says.
 */
export type BankTransferStatus = {
  status: "pending" | "completed" | "failed" | "reversed";
  reason?: string | null;
  attention?: string | null;
  fee?: number | null;
};

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
  /**
   * How the payment arrived (`static_account`, `bank_transfer`, `payid`, `card`, `crypto`): a
   * transfer is paid back to the payer's account; a card, PayID or crypto payment through the
   * instrument it came from, which needs no account.
   */
  channel?: string;
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
  /** The paying customer's email when known (providers that key accounts by customer need one). */
  customerEmail?: string | null;
  /** Passed to the bank with the request, as partners take a free-form meta object. */
  metadata?: Record<string, unknown> | null;
};

/** An identity record kind a static account is opened against (BVN, NIN or a CAC number). */
export type IdentityKind = "bvn" | "nin" | "rc";

export type IdentityCheckRequest = { identityType: IdentityKind; identityNumber: string; name: string };

/** The identity registry's answer: the name matches the record, does not, or no answer. */
export type IdentityCheckResult = { outcome: "match" } | { outcome: "mismatch" } | { outcome: "unavailable"; reason: string };

export type StaticAccountRequest = {
  /** The partner bank to issue at (a `PARTNER_BANKS` provider key). */
  provider: string;
  /** Our id for the account: the bank deduplicates on it. */
  reference: string;
  accountName: string;
  customerName: string;
  identityType: IdentityKind;
  /** In clear for the bank's own KYC; Owo never stores it. */
  identityNumber: string;
  customerEmail?: string | null;
  customerPhone?: string | null;
};

/**
 * The bank's answer to a static account request: a permanent NUBAN, a refusal (`rejected`),
 * or no account for now (`unavailable`: retry later).
 */
export type StaticAccountIssue =
  | { issued: true; accountNumber: string; accountName: string; bankCode: string; bankName: string; railReference?: string | null }
  | { issued: false; outcome: "rejected" | "unavailable"; reason: string };

/** The bank's answer to an issue request: a NUBAN at that bank, or a refusal. */
export type VirtualAccountIssue =
  /** `railReference`: the provider's own id of the account (what retiring it or reading its payments takes). */
  | { issued: true; accountNumber: string; accountName: string; bankCode: string; bankName: string; railReference?: string | null }
  | { issued: false; reason: string };

export interface BankProvider {
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
  /** Checks a customer's name against the identity registry (BVN, NIN or CAC record). */
  verifyIdentity(input: IdentityCheckRequest): Promise<IdentityCheckResult>;
  /**
   * A permanent account number for one customer at a partner bank. `attempt` > 0 asks for a
   * different number after the last one was already known to us (a collision).
   */
  issueStaticAccount(input: StaticAccountRequest & { attempt?: number }): Promise<StaticAccountIssue>;
  /** Stops the number accepting payments. `retired: false` when the bank refuses (retry later). */
  retireVirtualAccount(input: {
    provider: string;
    reference: string;
    accountNumber: string;
    railReference?: string | null;
  }): Promise<{ retired: boolean; reason?: string }>;
}
