"use server";

import { revalidatePath } from "next/cache";
import { merchantAction } from "@/lib/actions/safe-action";
import { createVirtualAccount } from "@/lib/virtual-accounts/create-virtual-account";
import { CreateVirtualAccountBody } from "@/lib/virtual-accounts/virtual-account-input";

/**
 * The dashboard's "New virtual account": the same command and schema as POST
 * /v1/checkout/virtual-account, with no key pair; it settles to the wallet PayID of the mode.
 */
export const createVirtualAccountAction = merchantAction("createReceivables")
  .inputSchema(CreateVirtualAccountBody)
  .action(async ({ parsedInput, ctx }) => {
    const va = await createVirtualAccount(ctx.db, {
      ...ctx.scope,
      merchantName: ctx.merchant.name,
      keyPairId: null,
      settlementPayIdId: null,
      source: "dashboard",
      amount: parsedInput.amount,
      validityMinutes: parsedInput.validity_minutes,
      amountValidation: parsedInput.amount_validation,
      metadata: parsedInput.metadata,
    });
    revalidatePath("/dashboard/virtual-accounts");
    return { publicId: va.publicId, status: va.status };
  });
