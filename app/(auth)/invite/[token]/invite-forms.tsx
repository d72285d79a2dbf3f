"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import { FormError } from "../../form-error";
import { acceptInviteAction, inviteSignInAction, inviteSignUpAction } from "./actions";

export function AcceptForm({ token, businessName }: { token: string; businessName: string }) {
  const [state, action, pending] = useActionState(acceptInviteAction, undefined);
  return (
    <form action={action} className="space-y-4">
      <FormError state={state} />
      <input type="hidden" name="token" value={token} />
      <Button type="submit" className="w-full" disabled={pending} data-testid="invite-accept">
        {pending ? "Joining…" : `Accept and join ${businessName}`}
      </Button>
    </form>
  );
}

/** The invited email is fixed: shown, not editable, and the server uses the invitation's own. */
function FixedEmail({ email }: { email: string }) {
  return (
    <Field label="Email" htmlFor="invite-email-field">
      <Input id="invite-email-field" type="email" value={email} readOnly disabled autoComplete="username" data-testid="invite-email-field" />
    </Field>
  );
}

export function InviteSignInForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState(inviteSignInAction, undefined);
  return (
    <form action={action} className="space-y-4" data-testid="invite-sign-in">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">You already have an Owo account: sign in, then accept.</p>
      <FormError state={state} />
      <input type="hidden" name="token" value={token} />
      <FixedEmail email={email} />
      <Field label="Password" htmlFor="invite-password">
        <Input id="invite-password" name="password" type="password" autoComplete="current-password" required data-testid="invite-password" />
      </Field>
      <Button type="submit" className="w-full" disabled={pending} data-testid="invite-signin-submit">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}

export function InviteSignUpForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState(inviteSignUpAction, undefined);
  return (
    <form action={action} className="space-y-4" data-testid="invite-sign-up">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Create your Owo account to accept.</p>
      <FormError state={state} />
      <input type="hidden" name="token" value={token} />
      <FixedEmail email={email} />
      <Field label="Your name" htmlFor="invite-name">
        <Input id="invite-name" name="name" autoComplete="name" required minLength={2} maxLength={120} data-testid="invite-name" />
      </Field>
      <Field label="Password" htmlFor="invite-password" hint="At least 8 characters.">
        <Input id="invite-password" name="password" type="password" autoComplete="new-password" required minLength={8} data-testid="invite-password" />
      </Field>
      <Button type="submit" className="w-full" disabled={pending} data-testid="invite-signup-submit">
        {pending ? "Creating your account…" : "Create account and join"}
      </Button>
    </form>
  );
}
