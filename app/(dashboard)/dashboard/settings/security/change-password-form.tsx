"use client";

import { useAction } from "next-safe-action/hooks";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import { changePasswordAction } from "@/lib/actions/security";
import { Form } from "@/components/ui/form";

export function ChangePasswordForm({ email }: { email: string }) {
  const [mismatch, setMismatch] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const change = useAction(changePasswordAction, {
    onSuccess: () => {
      toast.success("Password changed. Your other sessions are signed out.");
      setFormKey((k) => k + 1);
    },
  });
  return (
    <Form
      key={formKey}
      className="max-w-md space-y-4 rounded-lg border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const newPassword = String(f.get("newPassword") ?? "");
        if (newPassword !== String(f.get("confirmPassword") ?? "")) return setMismatch(true);
        setMismatch(false);
        change.execute({ currentPassword: String(f.get("currentPassword") ?? ""), newPassword });
      }}
    >
      <input type="hidden" name="username" value={email} autoComplete="username" />
      {(change.result.serverError || mismatch) && (
        <p data-testid="change-password-error" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {mismatch ? "The two new passwords do not match." : change.result.serverError}
        </p>
      )}
      {change.hasSucceeded && (
        <p data-testid="change-password-done" className="rounded-md bg-accent-soft/40 p-3 text-sm">
          Password changed. Every other session of your account has been signed out.
        </p>
      )}
      <Field label="Current password" htmlFor="currentPassword">
        <Input id="currentPassword" name="currentPassword" type="password" autoComplete="current-password" required maxLength={200} />
      </Field>
      <Field label="New password" htmlFor="newPassword" hint="At least 8 characters.">
        <Input id="newPassword" name="newPassword" type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
      </Field>
      <Field label="Repeat the new password" htmlFor="confirmPassword">
        <Input id="confirmPassword" name="confirmPassword" type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
      </Field>
      <Button type="submit" disabled={change.isPending} data-testid="change-password-submit">
        {change.isPending ? "Changing…" : "Change password"}
      </Button>
    </Form>
  );
}
