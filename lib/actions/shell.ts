"use server";

// The dashboard's frame (components/shell): the mode and business switches, sign out.

import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { merchantAction, securityAction } from "@/lib/actions/safe-action";
import { signOut } from "@/lib/auth/auth";
import { MERCHANT_COOKIE, MODE_COOKIE } from "@/lib/auth/dashboard-context";
import { DASHBOARD_COOKIE_OPTIONS } from "@/lib/auth/dashboard-cookie-options";
import { accountNotActivated, notFound } from "@/lib/errors";

/** The test/live switch: every page reads its mode from this cookie. Live is refused until the business is activated (§13). */
export const setModeAction = merchantAction("member")
  .inputSchema(z.object({ mode: z.enum(["test", "live"]) }))
  .action(async ({ parsedInput, ctx }) => {
    if (parsedInput.mode === "live" && !ctx.merchant.activatedAt) throw accountNotActivated();
    (await cookies()).set(MODE_COOKIE, parsedInput.mode, DASHBOARD_COOKIE_OPTIONS);
    revalidatePath("/dashboard", "layout");
    return { mode: parsedInput.mode };
  });

/** Switches the business a member of several is working in (also while one requires two-factor they have not set up). */
export const switchMerchantAction = securityAction.inputSchema(z.object({ merchantId: z.string().uuid() })).action(async ({ parsedInput, ctx }) => {
  if (!ctx.memberships.some((m) => m.merchantId === parsedInput.merchantId)) throw notFound("Business not found.");
  (await cookies()).set(MERCHANT_COOKIE, parsedInput.merchantId, DASHBOARD_COOKIE_OPTIONS);
  revalidatePath("/dashboard", "layout");
  return { merchantId: parsedInput.merchantId };
});

/** Signs out and on to /sign-in by path: the browser stays on the address it used (127.0.0.1 or localhost). */
export async function signOutAction() {
  await signOut({ redirect: false });
  redirect("/sign-in");
}
