"use server";

import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { after } from "next/server";
import { getDb } from "@/db/client";
import { requestOrigin } from "@/lib/audit/record-audit";
import { signIn } from "@/lib/auth/auth";
import { signInFailureMessage } from "@/lib/users/sign-in-limits";
import { isAppError } from "@/lib/errors";
import { actionClientIp } from "@/lib/http/action-client-ip";
import { mailLinkBaseUrl } from "@/lib/http/request-base-url";
import { signUp } from "@/lib/merchants/sign-up";
import { NO_MAIL_MESSAGE } from "@/lib/users/no-mail-message";
import { requestPasswordReset, resetLinkBase, resetPassword } from "@/lib/users/password-reset";

export type FormState = { error?: string; details?: string[] } | undefined;

function field(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** Only a path of our own (never another site) may be returned to after sign-in. */
function safeReturnPath(raw: string): string {
  try {
    const url = new URL(raw, "http://owo.invalid");
    const path = url.pathname + url.search;
    return /^\/(dashboard|admin)(\/|\?|$)/.test(path) ? path : "/dashboard";
  } catch {
    return "/dashboard";
  }
}

/** `code` is the failure's code: the form's second step (two-factor) reads it (lib/auth/two-factor/sign-in-steps.ts). */
export type SignInState = { error?: string; code?: string } | undefined;

/**
 * Signs in and answers where to go: a path only (never Auth.js's absolute URL, which is built on
 * AUTH_URL's origin), so the browser stays on the address it signed in at, where its session
 * cookie was just set: http://127.0.0.1:3000 and http://localhost:3000 both work in the trial.
 */
async function signInTo(email: string, password: string, redirectTo: string, secondStep: { code?: string; recoveryCode?: string } = {}): Promise<string> {
  const to = await signIn("credentials", { email, password, ...secondStep, redirectTo, redirect: false });
  return safeReturnPath(typeof to === "string" ? to : redirectTo);
}

export async function signInAction(_prev: SignInState, form: FormData): Promise<SignInState> {
  let to: string;
  try {
    const redirectTo = safeReturnPath(field(form, "callbackUrl"));
    // With two-factor on, the second step sends email and password again with `code` or `recoveryCode`.
    const secondStep = { code: field(form, "code"), recoveryCode: field(form, "recoveryCode") };
    to = await signInTo(field(form, "email"), field(form, "password"), redirectTo, secondStep);
  } catch (err) {
    // signIn redirects by throwing; only an AuthError is a failed sign-in: a wrong password, too
    // many attempts (sign-in-limits.ts: "Too many sign-in attempts. …"), or the two-factor step.
    if (err instanceof AuthError) {
      const code = (err as unknown as { code?: unknown }).code;
      return { error: signInFailureMessage(err), code: typeof code === "string" ? code : undefined };
    }
    throw err;
  }
  redirect(to);
}

/**
 * Sign-up (issue 26): a new account is signed in at once and lands on its dashboard, where the
 * "Get started" checklist waits. An email that already has an account creates nothing; its owner
 * is mailed after the response and the form goes on to /sign-up/done ("sign in"), unless the
 * password typed is that account's own, which simply signs its owner in. Refused by the server
 * when OWO_SIGNUP is not open.
 */
export async function signUpAction(_prev: FormState, form: FormData): Promise<FormState> {
  let created = false;
  try {
    const res = await signUp(await getDb(), {
      type: field(form, "type") as "business",
      businessName: field(form, "businessName"),
      name: field(form, "name"),
      email: field(form, "email"),
      password: field(form, "password"),
      actor: { type: "user", ...requestOrigin(await headers()) },
      ip: await actionClientIp(),
      baseUrl: await mailLinkBaseUrl(),
    });
    after(() => res.deliver().then(() => undefined));
    created = res.created;
  } catch (err) {
    if (isAppError(err)) return { error: err.message, details: err.details };
    throw err;
  }
  if (created) {
    let to: string | null = null;
    try {
      to = await signInTo(field(form, "email"), field(form, "password"), "/dashboard");
    } catch (err) {
      // Signing in can still be refused (the sign-in limits): the account exists, so on to "sign in".
      if (!(err instanceof AuthError)) throw err;
    }
    if (to) redirect(to);
  }
  redirect("/sign-up/done");
}

export type ForgotState = (FormState & { sent?: boolean }) | undefined;

/** Forgot-password: always the same answer (RESET_REQUESTED_MESSAGE); the mail goes out after the response. */
export async function forgotPasswordAction(_prev: ForgotState, form: FormData): Promise<ForgotState> {
  const baseUrl = resetLinkBase(await mailLinkBaseUrl());
  if (!baseUrl) return { error: NO_MAIL_MESSAGE };
  try {
    const res = await requestPasswordReset(await getDb(), { email: field(form, "email"), ip: await actionClientIp(), baseUrl });
    after(() => res.deliver().then(() => undefined));
  } catch (err) {
    if (isAppError(err)) return { error: err.message, details: err.details };
    throw err;
  }
  return { sent: true };
}

/** Sets the new password through a reset link, then on to sign in with it. */
export async function resetPasswordAction(_prev: FormState, form: FormData): Promise<FormState> {
  const password = field(form, "password");
  if (password !== field(form, "confirm")) return { error: "The two passwords do not match." };
  try {
    await resetPassword(await getDb(), { token: field(form, "token"), password, actor: { type: "user", ...requestOrigin(await headers()) } });
  } catch (err) {
    if (isAppError(err)) return { error: err.message, details: err.details };
    throw err;
  }
  redirect("/reset-password/done");
}
