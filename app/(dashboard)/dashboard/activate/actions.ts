"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { requireAllowed, rolePolicy } from "@/lib/auth/role-policy";
import { BusinessDetailsInput, OwnerIdentityInput, PayoutAccountInput, saveBusinessDetails, saveOwnerIdentity, savePayoutAccount, submitActivation } from "@/lib/merchants/activation";
import { resolveAccount } from "@/lib/transfers/resolve-account";

/** What the flow needs back after a step: where the request stands. */
const summary = (s: Awaited<ReturnType<typeof submitActivation>>) => ({ status: s.request?.status ?? "draft", done: s.done, activated: Boolean(s.activatedAt) });

function done() {
  revalidatePath("/dashboard", "layout");
}

export const saveBusinessDetailsAction = merchantAction.inputSchema(BusinessDetailsInput).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.activateBusiness(ctx.role));
  const state = await saveBusinessDetails(ctx.db, { ...parsedInput, merchantId: ctx.merchant.id, actor: ctx.actor });
  done();
  return summary(state);
});

export const saveOwnerIdentityAction = merchantAction.inputSchema(OwnerIdentityInput).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.activateBusiness(ctx.role));
  const state = await saveOwnerIdentity(ctx.db, { ...parsedInput, merchantId: ctx.merchant.id, actor: ctx.actor });
  done();
  return summary(state);
});

/** Name enquiry for the payout account, in live mode whatever the dashboard's mode (the account receives live payouts). */
export const resolvePayoutAccountAction = merchantAction.inputSchema(PayoutAccountInput).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.activateBusiness(ctx.role));
  return resolveAccount("live", { account_number: parsedInput.accountNumber, bank_code: parsedInput.bankCode });
});

export const savePayoutAccountAction = merchantAction.inputSchema(PayoutAccountInput).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.activateBusiness(ctx.role));
  const state = await savePayoutAccount(ctx.db, { ...parsedInput, merchantId: ctx.merchant.id, actor: ctx.actor });
  done();
  return summary(state);
});

export const submitActivationAction = merchantAction.inputSchema(z.object({})).action(async ({ ctx }) => {
  requireAllowed(rolePolicy.activateBusiness(ctx.role));
  const state = await submitActivation(ctx.db, { merchantId: ctx.merchant.id, actor: ctx.actor });
  done();
  return summary(state);
});
