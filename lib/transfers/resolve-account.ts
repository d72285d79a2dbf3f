import { z } from "zod";
import { getBank } from "@/lib/bank";
import type { ResolvedAccount } from "@/lib/bank/provider";
import { accountNumber, bankCode } from "./transfer-input";

export const ResolveAccountBody = z.object({ account_number: accountNumber, bank_code: bankCode });

/** Name enquiry at the recipient's bank, before a transfer. */
export async function resolveAccount(input: z.output<typeof ResolveAccountBody>): Promise<ResolvedAccount> {
  return getBank().resolveAccount({ accountNumber: input.account_number, bankCode: input.bank_code });
}
