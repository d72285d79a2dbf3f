"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { resetPasswordAction } from "../../actions";
import { FormError } from "../../form-error";

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState(resetPasswordAction, undefined);
  return (
    <Card>
      <h1 className="mb-2 text-lg font-semibold">Choose a new password</h1>
      <p className="mb-4 text-sm text-neutral-600 dark:text-neutral-400">
        For{" "}
        <span className="font-medium" data-testid="reset-email">
          {email}
        </span>
        . Every session of this account will be signed out.
      </p>
      <form action={action} className="space-y-4">
        <FormError state={state} />
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="username" value={email} autoComplete="username" />
        <Field label="New password" htmlFor="password" hint="At least 8 characters.">
          <Input id="password" name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
        </Field>
        <Field label="Repeat the new password" htmlFor="confirm">
          <Input id="confirm" name="confirm" type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
        </Field>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Saving…" : "Set new password"}
        </Button>
      </form>
    </Card>
  );
}
