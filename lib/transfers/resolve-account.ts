import { z } from "zod";
import type { Mode } from "@/db/schema";
import type { ResolvedAccount } from "@/lib/bank/provider";
import { railFor } from "@/lib/rails/router";
import { accountNumber, bankCode } from "./transfer-input";

export const ResolveAccountBody = z.object({ account_number: accountNumber, bank_code: bankCode });

/** Name enquiry at the recipient's bank, before a transfer: through the mode's rail (live with none: 503 RAIL_UNAVAILABLE). */
export async function resolveAccount(mode: Mode, input: z.output<typeof ResolveAccountBody>): Promise<ResolvedAccount> {
  return railFor(mode, "nameEnquiry").resolveAccount({ accountNumber: input.account_number, bankCode: input.bank_code });
}
