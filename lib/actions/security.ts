"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { securityAction } from "@/lib/actions/safe-action";
import { updateSession } from "@/lib/auth/auth";
import { reissueProof } from "@/lib/auth/session-check";
import { actionClientIp } from "@/lib/http/action-client-ip";
import { changePassword } from "@/lib/users/change-password";
import { signOutUserSession } from "@/lib/users/user-sessions";

/**
 * Any member changes their own password (the current one required). Every other session of
 * theirs ends; this one is re-issued at the new session version and stays signed in.
 */
export const changePasswordAction = securityAction
  .inputSchema(z.object({ currentPassword: z.string().max(200), newPassword: z.string().max(200) }))
  .action(async ({ parsedInput, ctx }) => {
    const { sessionVersion } = await changePassword(ctx.db, {
      userId: ctx.user.id,
      currentPassword: parsedInput.currentPassword,
      newPassword: parsedInput.newPassword,
      actor: ctx.actor,
      ip: await actionClientIp(),
    });
    // Auth.js passes this through to the jwt callback (lib/auth/session-check.ts), which checks the proof.
    await updateSession(reissueProof(ctx.user.id, sessionVersion) as unknown as Parameters<typeof updateSession>[0]);
    return { changed: true };
  });

/** Signs out one of your own sessions on another device: it ends on its next request. */
export const signOutSessionAction = securityAction.inputSchema(z.object({ sessionId: z.string().max(64) })).action(async ({ parsedInput, ctx }) => {
  await signOutUserSession(ctx.db, { userId: ctx.user.id, sessionId: parsedInput.sessionId, actor: ctx.actor });
  revalidatePath("/dashboard/settings/security");
  return { signedOut: true };
});
