"use server";

import { AuthError } from "next-auth";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { requestActor, requestOrigin } from "@/lib/audit/record-audit";
import { auth, signIn, signOut } from "@/lib/auth/auth";
import { MERCHANT_COOKIE } from "@/lib/auth/dashboard-context";
import { DASHBOARD_COOKIE_OPTIONS } from "@/lib/auth/dashboard-cookie-options";
import { signInFailureMessage } from "@/lib/users/sign-in-limits";
import { isAppError } from "@/lib/errors";
import { acceptInvitation } from "@/lib/team/accept-invitation";
import { findInvitationByToken } from "@/lib/team/find-invitation";
import { isInvitationTokenShape } from "@/lib/users/invitation-token";
import { signUpWithInvitation } from "@/lib/team/sign-up-with-invitation";

export type InviteFormState = { error?: string; details?: string[] } | undefined;

function field(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** The business just joined becomes the one the dashboard opens on. */
async function workIn(merchantId: string) {
  (await cookies()).set(MERCHANT_COOKIE, merchantId, DASHBOARD_COOKIE_OPTIONS);
}

const invitePath = (token: string) => `/invite/${isInvitationTokenShape(token) ? token : ""}`;

/** The signed-in user accepts the invitation in the link (only the invited email may). */
export async function acceptInviteAction(_prev: InviteFormState, form: FormData): Promise<InviteFormState> {
  const token = field(form, "token");
  const session = await auth();
  if (!session?.user?.id) return { error: "Please sign in again." };
  let merchantId: string;
  try {
    ({ merchantId } = await acceptInvitation(await getDb(), { token, actor: requestActor("user", session.user.id, await headers()) }));
  } catch (err) {
    if (isAppError(err)) return { error: err.message };
    throw err;
  }
  await workIn(merchantId);
  redirect("/dashboard");
}

/** Signs in as the invited email (the address comes from the invitation, not the form), then back to the link to accept. */
export async function inviteSignInAction(_prev: InviteFormState, form: FormData): Promise<InviteFormState> {
  const token = field(form, "token");
  const inv = await findInvitationByToken(await getDb(), token);
  if (!inv) return { error: "This invitation link is not valid. Ask the business owner for a new one." };
  try {
    await signIn("credentials", { email: inv.email, password: field(form, "password"), redirectTo: invitePath(token) });
  } catch (err) {
    // signIn redirects by throwing; only an AuthError is a failed sign-in.
    if (err instanceof AuthError) return { error: signInFailureMessage(err) };
    throw err;
  }
}

/** Creates the account for the invited email and joins the business in one step, then signs in. */
export async function inviteSignUpAction(_prev: InviteFormState, form: FormData): Promise<InviteFormState> {
  const token = field(form, "token");
  const password = field(form, "password");
  let joined: { email: string; merchantId: string };
  try {
    joined = await signUpWithInvitation(await getDb(), {
      token,
      name: field(form, "name"),
      password,
      actor: { type: "user", ...requestOrigin(await headers()) },
    });
  } catch (err) {
    if (isAppError(err)) return { error: err.message, details: err.details };
    throw err;
  }
  await workIn(joined.merchantId);
  try {
    await signIn("credentials", { email: joined.email, password, redirectTo: "/dashboard", redirect: false });
  } catch (err) {
    if (err instanceof AuthError) return { error: signInFailureMessage(err) };
    throw err;
  }
  // By path: the browser stays on the address it used, where the session cookie was set.
  redirect("/dashboard");
}

/** Signed in as someone else: sign out and come back to the link. */
export async function inviteSignOutAction(form: FormData): Promise<void> {
  await signOut({ redirect: false });
  redirect(invitePath(field(form, "token")));
}
