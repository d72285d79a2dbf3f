"use server";

import { revalidatePath } from "next/cache";
import { returnValidationErrors } from "next-safe-action";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { requireAllowed, rolePolicy } from "@/lib/auth/role-policy";
import { BusinessProfileInput, updateBusinessProfile } from "@/lib/merchants/business-profile";
import { checkLogo, MAX_LOGO_BYTES, removeMerchantLogo, setMerchantLogo } from "@/lib/merchants/merchant-logo";

const PATH = "/dashboard/settings/profile";

/** Settings → Business profile (owners). The schema's words show under each field. */
export const saveBusinessProfileAction = merchantAction.inputSchema(BusinessProfileInput).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.editBusinessSettings(ctx.role));
  const profile = await updateBusinessProfile(ctx.db, { merchantId: ctx.merchant.id, profile: parsedInput, actor: ctx.actor });
  revalidatePath(PATH);
  return profile;
});

/** The logo's bytes as base64 (a file input's content); the type is told from the bytes, not from here. */
const LogoInput = z.object({ base64: z.string().max(Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 8, "The logo must be 256 KB or smaller.") });

export const uploadLogoAction = merchantAction.inputSchema(LogoInput).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.editBusinessSettings(ctx.role));
  const bytes = Buffer.from(parsedInput.base64, "base64");
  // The reason shows under the file field (setMerchantLogo checks again).
  const check = checkLogo(bytes);
  if (!check.ok) returnValidationErrors(LogoInput, { base64: { _errors: [check.message] } });
  const sha256 = await setMerchantLogo(ctx.db, { merchantId: ctx.merchant.id, bytes, actor: ctx.actor });
  revalidatePath(PATH);
  return { sha256 };
});

export const removeLogoAction = merchantAction.action(async ({ ctx }) => {
  requireAllowed(rolePolicy.editBusinessSettings(ctx.role));
  await removeMerchantLogo(ctx.db, { merchantId: ctx.merchant.id, actor: ctx.actor });
  revalidatePath(PATH);
  return { removed: true };
});
