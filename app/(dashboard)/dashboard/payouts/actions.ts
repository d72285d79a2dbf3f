"use server";

import { revalidatePath } from "next/cache";
import { merchantAction } from "@/lib/actions/safe-action";
import { PayoutSettingsForm, savePayoutSettings } from "@/lib/payouts/payout-settings";

/** The payout account (verified by name enquiry) and schedule of the current mode: owners only. The form's text is parsed once, by savePayoutSettings. */
export const savePayoutSettingsAction = merchantAction("setPayoutSettings")
  .inputSchema(PayoutSettingsForm)
  .action(async ({ parsedInput, ctx }) => {
    const saved = await savePayoutSettings(ctx.db, {
      ...parsedInput,
      ...ctx.scope,
      actor: ctx.actor,
    });
    revalidatePath("/dashboard/payouts");
    revalidatePath("/dashboard");
    return { accountName: saved.accountName, schedule: saved.schedule };
  });
