"use server";

import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { requestOrigin } from "@/lib/audit/record-audit";
import { signIn } from "@/lib/auth/auth";
import { isAppError } from "@/lib/errors";
import { signUp } from "@/lib/merchants/sign-up";

export type FormState = { error?: string; details?: string[] } | undefined;

function field(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
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
