"use server";

import { revalidatePath } from "next/cache";
import { merchantAction } from "@/lib/actions/safe-action";
import { requireAllowed, rolePolicy } from "@/lib/auth/role-policy";
import { NotificationSettingsInput, setNotificationChoices } from "@/lib/notifications/notification-settings";

/** Settings → Notifications (owners): the threshold is naira text, parsed by lib/money.ts in the schema. */
export const saveNotificationsAction = merchantAction.inputSchema(NotificationSettingsInput).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.editBusinessSettings(ctx.role));
  const saved = await setNotificationChoices(ctx.db, {
    merchantId: ctx.merchant.id,
    choices: parsedInput,
    actor: ctx.actor,
  });
  revalidatePath("/dashboard/settings/notifications");
  return saved;
});
