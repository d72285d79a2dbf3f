"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/actions/safe-action";
import { setMerchantSuspended, SuspensionReason } from "@/lib/admin/suspend-merchant";
import { setKeyLimits } from "@/lib/keys/set-key-limits";
import { setStaticAccounts, STATIC_ACCOUNT_STATES } from "@/lib/merchants/set-static-accounts";
import { suspendStaticAccount } from "@/lib/static-accounts/change-static-account-status";

/*
 * /admin/merchants (components/admin): a merchant's static-account product, suspension and key
 * limits. Admins only, checked fresh on the server (adminAction), audited by the commands they call.
 */

export const setProductStateAction = adminAction
  .inputSchema(z.object({ merchantId: z.string().uuid(), state: z.enum(STATIC_ACCOUNT_STATES) }))
  .action(async ({ parsedInput, ctx }) => {
    const result = await setStaticAccounts(ctx.db, { merchantId: parsedInput.merchantId, staticAccounts: parsedInput.state, actor: ctx.actor });
    revalidatePath("/admin");
    revalidatePath(`/admin/merchants/${parsedInput.merchantId}`);
    return result;
  });

export const suspendStaticAccountAction = adminAction.inputSchema(z.object({ id: z.string().trim().min(1).max(64) })).action(async ({ parsedInput, ctx }) => {
  const account = await suspendStaticAccount(ctx.db, { id: parsedInput.id, actor: ctx.actor });
  revalidatePath(`/admin/merchants/${account.merchantId}`);
  return { id: account.id, status: account.status };
});

/** A key pair's rate limits: an operator setting (supplement §1), audited with before → after. */
export const setKeyLimitsAction = adminAction
  .inputSchema(z.object({ keyPairId: z.string().uuid(), rateLimit: z.coerce.number(), initializeLimit: z.coerce.number() }))
  .action(async ({ parsedInput, ctx }) => {
    const { keyPairId, rateLimit, initializeLimit } = parsedInput;
    const view = await setKeyLimits(ctx.db, { keyPairId, limits: { rateLimit, initializeLimit }, actor: ctx.actor });
    revalidatePath(`/admin/merchants/${view.merchantId}`);
    return { rateLimit: view.rateLimit, initializeLimit: view.initializeLimit };
  });

/**
 * Suspend a merchant, or lift its suspension, with the admin's reason (audited with who and
 * why). While suspended its API keys answer 403 MERCHANT_SUSPENDED and its dashboard refuses
 * money-moving actions.
 */
export const setMerchantSuspendedAction = adminAction
  .inputSchema(z.object({ merchantId: z.string().uuid(), suspended: z.boolean(), reason: SuspensionReason }))
  .action(async ({ parsedInput, ctx }) => {
    const result = await setMerchantSuspended(ctx.db, { ...parsedInput, actor: ctx.actor });
    revalidatePath("/admin");
    revalidatePath(`/admin/merchants/${parsedInput.merchantId}`);
    return { suspended: result.suspended, changed: result.changed };
  });
