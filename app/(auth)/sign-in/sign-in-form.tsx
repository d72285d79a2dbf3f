"use client";

import Link from "@/components/ui/link";
import { useActionState, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { signInStepAfter, TWO_FACTOR_REQUIRED } from "@/lib/auth/two-factor/sign-in-steps";
import { signInAction } from "../actions";
import { FormError } from "../form-error";

/**
 * Email and password; for an account with two-factor on, then a second step asking for the
 * authentication code (or a recovery code) while the first step's email and password are kept
 * in the browser and sent again with it.
 */
export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState(signInAction, undefined);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [useRecovery, setUseRecovery] = useState(false);
  const [restarted, setRestarted] = useState<typeof state>(undefined);
  const current = restarted === state ? undefined : state;
  const secondStep = signInStepAfter(current?.code) === "code";
  // Asking for the code is not an error: the step's own words say what to do.
  const error = current?.code === TWO_FACTOR_REQUIRED ? undefined : current;
  return (
    <Card>
      <h1 className="mb-4 text-lg font-semibold">{secondStep ? "Two-factor authentication" : "Sign in to your dashboard"}</h1>
      <form action={action} className="space-y-4">
        <FormError state={error} />
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        {secondStep ? (
          <>
            <input type="hidden" name="email" value={email} />
            <input type="hidden" name="password" value={password} />
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              Signing in as <span className="font-medium break-all">{email}</span>.{" "}
              {useRecovery ? "Enter one of your recovery codes. Each works once." : "Enter the 6-digit code from your authenticator app."}
            </p>
            {useRecovery ? (
              <Field label="Recovery code" htmlFor="recoveryCode">
                <Input
                  key="recovery"
                  id="recoveryCode"
                  name="recoveryCode"
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder="xxxxx-xxxxx"
                  required
                  autoFocus
                />
              </Field>
            ) : (
              <Field label="Authentication code" htmlFor="code">
                <Input
                  key="code"
                  id="code"
                  name="code"
                  inputMode="numeric"
                  pattern="[0-9 ]*"
                  autoComplete="one-time-code"
                  maxLength={7}
                  placeholder="123456"
                  required
                  autoFocus
                />
              </Field>
            )}
            <Button type="submit" className="w-full" disabled={pending}>
              {pending ? "Verifying…" : "Verify"}
            </Button>
            <div className="flex flex-wrap justify-between gap-2 text-sm">
              <button type="button" className="font-medium text-accent hover:underline" onClick={() => setUseRecovery((r) => !r)}>
                {useRecovery ? "Use your authenticator app" : "Use a recovery code"}
              </button>
              <button
                type="button"
                className="text-neutral-500 hover:underline"
                onClick={() => {
                  setRestarted(state);
                  setUseRecovery(false);
                  setPassword("");
                }}
              >
                Start over
              </button>
            </div>
          </>
        ) : (
          <>
            <Field label="Email" htmlFor="email">
              <Input id="email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field>
            <Field label="Password" htmlFor="password">
              <Input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <Button type="submit" className="w-full" disabled={pending}>
              {pending ? "Signing in…" : "Sign in"}
            </Button>
          </>
        )}
      </form>
      {!secondStep && (
        <>
          <p className="mt-4 text-center text-sm">
            <Link href="/forgot-password" className="font-medium text-accent hover:underline">
              Forgot your password?
            </Link>
          </p>
          <p className="mt-2 text-center text-sm text-neutral-500">
            New to Owo?{" "}
            <Link href="/sign-up" className="font-medium text-accent hover:underline">
              Create an account
            </Link>
          </p>
        </>
      )}
    </Card>
  );
}
