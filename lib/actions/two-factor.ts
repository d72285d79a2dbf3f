"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction, securityAction } from "@/lib/actions/safe-action";
import { confirmTwoFactorEnrolment, regenerateRecoveryCodes, startTwoFactorEnrolment, turnOffTwoFactor } from "@/lib/auth/two-factor/enrolment";
import { setTwoFactorRequirement } from "@/lib/auth/two-factor/requirement";

// Settings → Security, two-factor (lib/auth/two-factor/*; components/security). Setting it up is open to a member
// whose business requires it (securityAction); the team requirement is an owner's (merchantAction).
const PATH = "/dashboard/settings/security";
const PasswordAndCode = z.object({ password: z.string().min(1, "Enter your password.").max(200), code: z.string().trim().min(1, "Enter a code.").max(64) });

export const startTwoFactorAction = securityAction.action(async ({ ctx }) => {
  const started = await startTwoFactorEnrolment(ctx.db, { userId: ctx.user.id });
  return { secret: started.secret, uri: started.uri, qrSvg: started.qrSvg };
});

export const confirmTwoFactorAction = securityAction.inputSchema(PasswordAndCode).action(async ({ parsedInput, ctx }) => {
  const res = await confirmTwoFactorEnrolment(ctx.db, { userId: ctx.user.id, password: parsedInput.password, code: parsedInput.code, actor: ctx.actor });
  return { recoveryCodes: res.recoveryCodes };
});

export const regenerateRecoveryCodesAction = securityAction.inputSchema(PasswordAndCode).action(async ({ parsedInput, ctx }) => {
  const res = await regenerateRecoveryCodes(ctx.db, { userId: ctx.user.id, password: parsedInput.password, code: parsedInput.code, actor: ctx.actor });
  return { recoveryCodes: res.recoveryCodes };
});

export const turnOffTwoFactorAction = securityAction.inputSchema(PasswordAndCode).action(async ({ parsedInput, ctx }) => {
  await turnOffTwoFactor(ctx.db, { userId: ctx.user.id, password: parsedInput.password, code: parsedInput.code, actor: ctx.actor });
  revalidatePath("/dashboard", "layout");
  return { off: true };
});

export const setTeamTwoFactorAction = merchantAction("manageTeam")
  .inputSchema(z.object({ required: z.boolean() }))
  .action(async ({ parsedInput, ctx }) => {
    const res = await setTwoFactorRequirement(ctx.db, {
      merchantId: ctx.scope.merchantId,
      userId: ctx.user.id,
      actor: ctx.actor,
      required: parsedInput.required,
    });
    revalidatePath(PATH);
    return res;
  });
