"use server";

import { revalidatePath } from "next/cache";
import { merchantAction } from "@/lib/actions/safe-action";
import { requireAllowed, rolePolicy } from "@/lib/auth/role-policy";
import { PayoutSettingsForm, savePayoutSettings } from "@/lib/payouts/payout-settings";

/** The payout account (verified by name enquiry) and schedule of the current mode: owners only. The form's text is parsed once, by savePayoutSettings. */
export const savePayoutSettingsAction = merchantAction.inputSchema(PayoutSettingsForm).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.setPayoutSettings(ctx.role));
  const saved = await savePayoutSettings(ctx.db, {
    ...parsedInput,
    merchantId: ctx.merchant.id,
    mode: ctx.mode,
    actor: ctx.actor,
  });
  revalidatePath("/dashboard/payouts");
  revalidatePath("/dashboard");
  return { accountName: saved.accountName, schedule: saved.schedule };
});
