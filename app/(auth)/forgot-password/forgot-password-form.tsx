"use client";

import Link from "@/components/ui/link";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { RESET_REQUESTED_MESSAGE } from "@/lib/users/reset-messages";
import { forgotPasswordAction } from "../actions";
import { FormError } from "../form-error";

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState(forgotPasswordAction, undefined);
  return (
    <Card>
      <h1 className="mb-2 text-lg font-semibold">Forgot your password?</h1>
      {state?.sent ? (
        <p data-testid="reset-requested" className="rounded-md bg-accent-soft/40 p-3 text-sm">
          {RESET_REQUESTED_MESSAGE}
        </p>
      ) : (
        <form action={action} className="space-y-4">
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            Enter your account&apos;s email address and we&apos;ll email you a link to choose a new password.
          </p>
          <FormError state={state} />
          <Field label="Email" htmlFor="email">
            <Input id="email" name="email" type="email" autoComplete="email" required />
          </Field>
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? "Sending…" : "Email me a link"}
          </Button>
        </form>
      )}
      <p className="mt-4 text-center text-sm text-neutral-500">
        <Link href="/sign-in" className="font-medium text-accent hover:underline">
          Back to sign in
        </Link>
      </p>
    </Card>
  );
}
