"use server";

import { revalidatePath } from "next/cache";
import { returnValidationErrors } from "next-safe-action";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { BusinessProfileInput, updateBusinessProfile } from "@/lib/merchants/business-profile";
import { checkLogo, MAX_LOGO_BYTES, removeMerchantLogo, setMerchantLogo } from "@/lib/merchants/merchant-logo";
import { NotificationSettingsInput, setNotificationChoices } from "@/lib/notifications/notification-settings";
import { setSettlementSettings } from "@/lib/settlement/settlement-settings";

// The business's settings (components/settings, components/settlements): profile and logo,
// notifications, where static-account settlements are paid. Team: beside its page; security: lib/actions/security.ts.

const PROFILE_PATH = "/dashboard/settings/profile";

/** Settings → Business profile (owners). The schema's words show under each field. */
export const saveBusinessProfileAction = merchantAction("editBusinessSettings")
  .inputSchema(BusinessProfileInput)
  .action(async ({ parsedInput, ctx }) => {
    const profile = await updateBusinessProfile(ctx.db, { merchantId: ctx.scope.merchantId, profile: parsedInput, actor: ctx.actor });
    revalidatePath(PROFILE_PATH);
    return profile;
  });

/** The logo's bytes as base64 (a file input's content); the type is told from the bytes, not from here. */
const LogoInput = z.object({ base64: z.string().max(Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 8, "The logo must be 256 KB or smaller.") });

export const uploadLogoAction = merchantAction("editBusinessSettings")
  .inputSchema(LogoInput)
  .action(async ({ parsedInput, ctx }) => {
    const bytes = Buffer.from(parsedInput.base64, "base64");
    // The reason shows under the file field (setMerchantLogo checks again).
    const check = checkLogo(bytes);
    if (!check.ok) returnValidationErrors(LogoInput, { base64: { _errors: [check.message] } });
    const sha256 = await setMerchantLogo(ctx.db, { merchantId: ctx.scope.merchantId, bytes, actor: ctx.actor });
    revalidatePath(PROFILE_PATH);
    return { sha256 };
  });

export const removeLogoAction = merchantAction("editBusinessSettings").action(async ({ ctx }) => {
  await removeMerchantLogo(ctx.db, { merchantId: ctx.scope.merchantId, actor: ctx.actor });
  revalidatePath(PROFILE_PATH);
  return { removed: true };
});

/** Settings → Notifications (owners): the threshold is naira text, parsed by lib/money.ts in the schema. */
export const saveNotificationsAction = merchantAction("editBusinessSettings")
  .inputSchema(NotificationSettingsInput)
  .action(async ({ parsedInput, ctx }) => {
    const saved = await setNotificationChoices(ctx.db, {
      merchantId: ctx.scope.merchantId,
      choices: parsedInput,
      actor: ctx.actor,
    });
    revalidatePath("/dashboard/settings/notifications");
    return saved;
  });

/** Where static-account payouts go in the current mode; a bank account passes name enquiry in setSettlementSettings. */
export const setSettlementDestinationAction = merchantAction("setSettlementDestination")
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
    const settings = await setSettlementSettings(ctx.db, {
      ...ctx.scope,
      destination: parsedInput.destination,
      ...(parsedInput.destination === "bank_account" ? { bankCode: parsedInput.bankCode, accountNumber: parsedInput.accountNumber } : {}),
      actor: ctx.actor,
    });
    revalidatePath("/dashboard/settings/settlement");
    revalidatePath("/dashboard/settlements");
    return settings;
  });
