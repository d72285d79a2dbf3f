"use server";

import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { requestOrigin } from "@/lib/audit/record-audit";
import { signIn } from "@/lib/auth/auth";
import { signInFailureMessage } from "@/lib/auth/sign-in-limits";
import { isAppError } from "@/lib/errors";
import { signUp } from "@/lib/merchants/sign-up";

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

export async function signInAction(_prev: FormState, form: FormData): Promise<FormState> {
  try {
    const redirectTo = safeReturnPath(field(form, "callbackUrl"));
    await signIn("credentials", { email: field(form, "email"), password: field(form, "password"), redirectTo });
  } catch (err) {
    // signIn redirects by throwing; only an AuthError is a failed sign-in.
    // A wrong password, or too many attempts (sign-in-limits.ts: "Too many sign-in attempts. …").
    if (err instanceof AuthError) return { error: signInFailureMessage(err) };
    throw err;
  }
}

export async function signUpAction(_prev: FormState, form: FormData): Promise<FormState> {
  try {
    await signUp(await getDb(), {
      type: field(form, "type") as "business",
      businessName: field(form, "businessName"),
      name: field(form, "name"),
      email: field(form, "email"),
      password: field(form, "password"),
      actor: { type: "user", ...requestOrigin(await headers()) },
    });
  } catch (err) {
    if (isAppError(err)) return { error: err.message, details: err.details };
    throw err;
  }
  await signIn("credentials", { email: field(form, "email"), password: field(form, "password"), redirectTo: "/dashboard" });
}
