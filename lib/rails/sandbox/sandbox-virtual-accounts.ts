import { randomDigits } from "@/lib/ids";
import { nuban } from "@/lib/bank/nuban";
import { findPartnerBank } from "@/lib/bank/partner-banks";
import type { VirtualAccountIssue, VirtualAccountRequest } from "@/lib/bank/provider";

/**
 * The deterministic way to make the sandbox bank refuse an account: `metadata.sandbox_issue`
 * set to `"fail"` on the create request (the record is then stored `cancelled`, as api.md's
 * "provider fails to create account" says).
 */
export const SANDBOX_ISSUE_FAIL = { key: "sandbox_issue", value: "fail" } as const;

/**
 * The sandbox partner banks' account desk: a fresh 10-digit NUBAN with the right check digit
 * for the chosen bank. Serials are random (9 digits, a billion per bank), so a number already
 * in use is rare; the caller asks again with the next `attempt` when it is.
 */
export async function sandboxIssueVirtualAccount(input: VirtualAccountRequest & { attempt?: number }): Promise<VirtualAccountIssue> {
  const bank = findPartnerBank(input.provider);
  if (!bank) return { issued: false, reason: `Unknown partner bank ${input.provider}` };
  if (input.metadata?.[SANDBOX_ISSUE_FAIL.key] === SANDBOX_ISSUE_FAIL.value) {
    return { issued: false, reason: `${bank.bankName} could not create the account (sandbox)` };
  }
  return {
    issued: true,
    accountNumber: nuban(bank.bankCode, randomDigits(9)),
    accountName: input.accountName,
    bankCode: bank.bankCode,
    bankName: bank.bankName,
  };
}
