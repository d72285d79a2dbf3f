"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { requireAllowed, rolePolicy } from "@/lib/auth/role-policy";
import { setSettlementSettings } from "@/lib/settlement/settlement-settings";

/** Where static-account payouts go in the current mode; a bank account passes name enquiry in setSettlementSettings. */
export const setSettlementDestinationAction = merchantAction
  .inputSchema(
    z.discriminatedUnion("destination", [
      z.object({ destination: z.literal("wallet") }),
      z.object({
        destination: z.literal("bank_account"),
        bankCode: z.string().trim().min(1, "Choose a bank").max(10),
        accountNumber: z.string().regex(/^\d{10}$/, "Enter the 10-digit account number"),
      }),
    ]),
  )
  .action(async ({ parsedInput, ctx }) => {
    requireAllowed(rolePolicy.setSettlementDestination(ctx.role));
    const settings = await setSettlementSettings(ctx.db, {
      merchantId: ctx.merchant.id,
      mode: ctx.mode,
      destination: parsedInput.destination,
      ...(parsedInput.destination === "bank_account" ? { bankCode: parsedInput.bankCode, accountNumber: parsedInput.accountNumber } : {}),
      actor: ctx.actor,
    });
    revalidatePath("/dashboard/settings/settlement");
    revalidatePath("/dashboard/settlements");
    return settings;
  });
