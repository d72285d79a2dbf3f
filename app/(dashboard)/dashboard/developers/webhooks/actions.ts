"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { requireAllowed, rolePolicy } from "@/lib/auth/role-policy";
import { resendEvent } from "@/lib/events/resend-event";
import { sendTestEvent } from "@/lib/events/send-test-event";

/** A new delivery attempt now, with the same webhook-id. */
export const resendEventAction = merchantAction.inputSchema(z.object({ eventId: z.string().min(1).max(64) })).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.manageDevelopers(ctx.role, ctx.mode));
  const result = await resendEvent(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, eventId: parsedInput.eventId });
  revalidatePath("/dashboard/developers/webhooks", "layout");
  return result;
});

/** Sends a `webhook.test` event to one key's webhook URL. */
export const sendTestEventAction = merchantAction.inputSchema(z.object({ keyPairId: z.string().min(1).max(64) })).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.manageDevelopers(ctx.role, ctx.mode));
  const result = await sendTestEvent(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, keyPairId: parsedInput.keyPairId });
  revalidatePath("/dashboard/developers/webhooks", "layout");
  return result;
});
