"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { requestRefund } from "@/lib/refunds/request-refund";
import { RequestRefundBody } from "@/lib/refunds/refund-input";
import { deleteStaticAccount, disableStaticAccount, enableStaticAccount } from "@/lib/static-accounts/change-static-account-status";
import { createStaticAccount } from "@/lib/static-accounts/create-static-account";
import { CreateStaticAccountBody } from "@/lib/static-accounts/static-account-input";

/**
 * The dashboard's static-account actions: the same commands (and create schema) as
 * /v1/checkout/static-account, with no key pair, the member's role checked first and the
 * product state checked as every endpoint does (STATIC_ACCOUNT_NOT_ENABLED / suspended).
 */
export const createStaticAccountAction = merchantAction("createReceivables")
  .inputSchema(CreateStaticAccountBody)
  .action(async ({ parsedInput, ctx }) => {
    const account = await createStaticAccount(ctx.db, { ...ctx.scope, keyPairId: null, body: parsedInput });
    revalidatePath("/dashboard/static-accounts");
    return { id: account.id, accountNumber: account.accountNumber };
  });

const CHANGES = { disable: disableStaticAccount, enable: enableStaticAccount, delete: deleteStaticAccount } as const;
const DONE = { disable: "Account disabled: transfers into it are refused", enable: "Account enabled", delete: "Account deleted" } as const;

export const changeStaticAccountAction = merchantAction("createReceivables")
  .inputSchema(z.object({ id: z.string().min(1).max(64), change: z.enum(["disable", "enable", "delete"]) }))
  .action(async ({ parsedInput, ctx }) => {
    const account = await CHANGES[parsedInput.change](ctx.db, { ...ctx.scope, id: parsedInput.id, actor: ctx.actor });
    revalidatePath("/dashboard/static-accounts");
    revalidatePath(`/dashboard/static-accounts/${account.id}`);
    return { status: account.status, message: DONE[parsedInput.change] };
  });

/** "Request refund" on a payment: reviewed by Owo before the money goes back to the payer. */
export const requestRefundAction = merchantAction("moveMoney", { movesMoney: true })
  .inputSchema(RequestRefundBody.extend({ accountId: z.string().min(1).max(64), paymentId: z.string().min(1).max(64) }))
  .action(async ({ parsedInput, ctx }) => {
    const { refund, created } = await requestRefund(ctx.db, {
      ...ctx.scope,
      keyPairId: null,
      staticAccountId: parsedInput.accountId,
      paymentId: parsedInput.paymentId,
      reason: parsedInput.reason ?? null,
      actor: ctx.actor,
    });
    revalidatePath(`/dashboard/static-accounts/${parsedInput.accountId}`);
    revalidatePath("/dashboard/refunds");
    return { id: refund.id, status: refund.status, created };
  });
