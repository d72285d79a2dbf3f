"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/actions/safe-action";
import { reviewActivation } from "@/lib/merchants/activation";

/*
 * /admin/activations: an admin decides a submitted activation request (supplement §13).
 * Admins only (adminAction, checked fresh on the server); audited and emailed by
 * reviewActivation; a request decided twice (a second click, a second admin) answers "This
 * request is approved, not waiting for a review."
 */
export const reviewActivationAction = adminAction
  .inputSchema(
    z.object({
      merchantId: z.string().trim().uuid("No such activation request."),
      decision: z.enum(["approve", "reject", "request_changes"]),
      note: z.string().trim().max(1000, "A note is at most 1000 characters").optional(),
    }),
  )
  .action(async ({ parsedInput, ctx }) => {
    const state = await reviewActivation(ctx.db, { ...parsedInput, actor: ctx.actor });
    revalidatePath("/admin/activations");
    revalidatePath(`/admin/activations/${parsedInput.merchantId}`);
    return { status: state.request?.status ?? "approved" };
  });
