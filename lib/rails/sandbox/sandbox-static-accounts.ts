import { randomDigits } from "@/lib/ids";
import { nuban } from "@/lib/bank/nuban";
import { findPartnerBank } from "@/lib/bank/partner-banks";
import type { StaticAccountIssue, StaticAccountRequest } from "@/lib/bank/provider";
import { SANDBOX_IDENTITY } from "./sandbox-identity";

/**
 * The sandbox partner bank's static-account desk: a permanent 10-digit NUBAN with the right
 * check digit for the bank, in the name asked for. By the identity number's last four
 * (supplement §5): 1111 the bank declines, 2222 issuing is unavailable for now.
 */
export async function sandboxIssueStaticAccount(input: StaticAccountRequest & { attempt?: number }): Promise<StaticAccountIssue> {
  const bank = findPartnerBank(input.provider);
  if (!bank) return { issued: false, outcome: "rejected", reason: `Unknown partner bank ${input.provider}` };
  const last4 = input.identityNumber.slice(-4);
  if (last4 === SANDBOX_IDENTITY.rejected) return { issued: false, outcome: "rejected", reason: `${bank.bankName} declined to issue the account (sandbox)` };
  if (last4 === SANDBOX_IDENTITY.issueUnavailable)
    return { issued: false, outcome: "unavailable", reason: `${bank.bankName} cannot issue accounts right now (sandbox)` };
  return {
    issued: true,
    accountNumber: nuban(bank.bankCode, randomDigits(9)),
    accountName: input.accountName,
    bankCode: bank.bankCode,
    bankName: bank.bankName,
  };
}
