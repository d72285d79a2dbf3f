"use server";

import { AuthError } from "next-auth";
import { signIn } from "@/lib/auth/auth";
import { signInFailureMessage } from "@/lib/auth/sign-in-limits";
import { isSecondStepFailure, isTwoFactorRequired } from "@/lib/auth/two-factor/sign-in-errors";

/**
 * `step` says which form the visitor sees next: the email and password, or (an account with
 * two-factor on, its password verified) the authentication code. The browser keeps what was
 * typed and sends email and password again with the code.
 */
export type SignInState = { error?: string; step?: "password" | "code" } | undefined;

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

export async function signInAction(_prev: SignInState, form: FormData): Promise<SignInState> {
  try {
    const redirectTo = safeReturnPath(field(form, "callbackUrl"));
    await signIn("credentials", {
      email: field(form, "email"),
      password: field(form, "password"),
      code: field(form, "code"),
      recoveryCode: field(form, "recoveryCode"),
      redirectTo,
    });
  } catch (err) {
    // signIn redirects by throwing; only an AuthError is a failed sign-in: a wrong password, too
    // many attempts (sign-in-limits.ts), or the two-factor step (two-factor/sign-in-errors.ts).
    if (err instanceof AuthError) {
      if (isTwoFactorRequired(err)) return { step: "code" };
      return { error: signInFailureMessage(err), step: isSecondStepFailure(err) ? "code" : "password" };
    }
    throw err;
  }
}
