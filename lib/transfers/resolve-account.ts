import { z } from "zod";
import { getBank } from "@/lib/bank";
import type { ResolvedAccount } from "@/lib/bank/provider";

export const ResolveAccountBody = z.object({
  account_number: z
    .string({ error: (i) => (i.input === undefined ? "account_number is required" : "account_number must be a string of 10 digits") })
    .regex(/^\d{10}$/, "account_number must be 10 digits"),
  bank_code: z
    .string({ error: (i) => (i.input === undefined ? "bank_code is required" : "bank_code must be a string") })
    .trim()
    .min(1, "bank_code is required")
    .max(10, "bank_code must be at most 10 characters"),
});

/** Name enquiry at the recipient's bank, before a transfer. */
export async function resolveAccount(input: z.output<typeof ResolveAccountBody>): Promise<ResolvedAccount> {
  return getBank().resolveAccount({ accountNumber: input.account_number, bankCode: input.bank_code });
}
