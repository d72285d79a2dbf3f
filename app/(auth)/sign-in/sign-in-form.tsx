"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { signInAction } from "../actions";
import { FormError } from "../form-error";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState(signInAction, undefined);
  return (
    <Card>
      <h1 className="mb-4 text-lg font-semibold">Sign in to your dashboard</h1>
      <form action={action} className="space-y-4">
        <FormError state={state} />
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <Field label="Email" htmlFor="email">
          <Input id="email" name="email" type="email" autoComplete="email" required />
        </Field>
        <Field label="Password" htmlFor="password">
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </Field>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm"><Link href="/forgot-password" className="font-medium text-accent hover:underline">Forgot your password?</Link></p>
      <p className="mt-2 text-center text-sm text-neutral-500">
        New to Owo? <Link href="/sign-up" className="font-medium text-accent hover:underline">Create an account</Link>
      </p>
    </Card>
  );
}
