import { appError, validationError } from "@/lib/errors";
import { findBank } from "@/lib/bank/nigerian-banks";
import type {
  BankProvider,
  BankRefundRequest,
  BankTransferRequest,
  IdentityCheckRequest,
  StaticAccountRequest,
  VirtualAccountRequest,
} from "@/lib/bank/provider";
import { sandboxVerifyIdentity } from "./sandbox-identity";
import { sandboxIssueStaticAccount } from "./sandbox-static-accounts";
import { sandboxRefundPayment } from "./sandbox-refunds";
import { applySandboxDecision, sandboxSendTransfer, sandboxTransferStatus } from "./sandbox-transfers";
import { sandboxAccountName } from "./account-names";
import { sandboxIssueVirtualAccount } from "./sandbox-virtual-accounts";

/** The account number name enquiry never finds (supplement §5). */
export const SANDBOX_UNKNOWN_ACCOUNT = "0000000000";

/** Supplement §5: the sandbox bank behaves like a real partner, deterministically. */
export class SandboxBank implements BankProvider {
  async resolveAccount({ accountNumber, bankCode }: { accountNumber: string; bankCode: string }) {
    if (!findBank(bankCode)) throw validationError([`bank_code ${bankCode} is not a known bank code`]);
    if (accountNumber === SANDBOX_UNKNOWN_ACCOUNT) {
      // No hint in `details` here: name enquiry's callers (bulk rows, the dashboard's forms) show details in place of the message.
      throw appError("ACCOUNT_NOT_FOUND");
    }
    return { account_name: sandboxAccountName(bankCode, accountNumber), account_number: accountNumber, bank_code: bankCode };
  }

  sendTransfer(input: BankTransferRequest) {
    return sandboxSendTransfer(input);
  }

  /** A decided outcome is applied on the next look (verify or scheduler). */
  async getTransferStatus(reference: string) {
    await applySandboxDecision(reference);
    return sandboxTransferStatus(reference);
  }

  refundPayment(input: BankRefundRequest) {
    return sandboxRefundPayment(input);
  }

  issueVirtualAccount(input: VirtualAccountRequest & { attempt?: number }) {
    return sandboxIssueVirtualAccount(input);
  }

  verifyIdentity(input: IdentityCheckRequest) {
    return sandboxVerifyIdentity(input);
  }

  issueStaticAccount(input: StaticAccountRequest & { attempt?: number }) {
    return sandboxIssueStaticAccount(input);
  }

  /** The sandbox never refuses to retire an account. */
  async retireVirtualAccount(): Promise<{ retired: boolean; reason?: string }> {
    return { retired: true };
  }
}
