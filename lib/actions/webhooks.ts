"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { resendEvent } from "@/lib/events/resend-event";
import { sendTestEvent } from "@/lib/events/send-test-event";

/** A new delivery attempt now, with the same webhook-id. */
export const resendEventAction = merchantAction("manageDevelopers")
  .inputSchema(z.object({ eventId: z.string().min(1).max(64) }))
  .action(async ({ parsedInput, ctx }) => {
    const result = await resendEvent(ctx.db, { ...ctx.scope, eventId: parsedInput.eventId });
    revalidatePath("/dashboard/developers/webhooks", "layout");
    return result;
  });

/** Sends a `webhook.test` event to one key's webhook URL. */
export const sendTestEventAction = merchantAction("manageDevelopers")
  .inputSchema(z.object({ keyPairId: z.string().min(1).max(64) }))
  .action(async ({ parsedInput, ctx }) => {
    const result = await sendTestEvent(ctx.db, { ...ctx.scope, keyPairId: parsedInput.keyPairId });
    revalidatePath("/dashboard/developers/webhooks", "layout");
    return result;
  });
