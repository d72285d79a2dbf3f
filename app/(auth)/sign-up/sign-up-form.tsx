"use client";

import Link from "@/components/ui/link";
import { useActionState, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Field, Input } from "@/components/ui/input";
import { signUpAction } from "../actions";
import { FormError } from "../form-error";

export function SignUpForm() {
  const [state, action, pending] = useActionState(signUpAction, undefined);
  const [type, setType] = useState<"business" | "personal">("business");
  return (
    <Card>
      <h1 className="mb-4 text-lg font-semibold">Create your Owo account</h1>
      <form action={action} className="space-y-4">
        <FormError state={state} />
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-neutral-700 dark:text-neutral-300">Account type</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["business", "personal"] as const).map((t) => (
              <label
                key={t}
                className={cn(
                  "cursor-pointer rounded-md border px-3 py-2 text-sm capitalize",
                  type === t ? "border-accent bg-accent-soft/40 font-medium" : "border-neutral-300 dark:border-neutral-700",
                )}
              >
                <input type="radio" name="type" value={t} checked={type === t} onChange={() => setType(t)} className="sr-only" />
                {t}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label={type === "business" ? "Business name" : "Account name"} htmlFor="businessName">
          <Input id="businessName" name="businessName" required minLength={2} maxLength={120} />
        </Field>
        <Field label="Your name" htmlFor="name">
          <Input id="name" name="name" autoComplete="name" required minLength={2} maxLength={120} />
        </Field>
        <Field label="Email" htmlFor="email">
          <Input id="email" name="email" type="email" autoComplete="email" required />
        </Field>
        <Field label="Password" htmlFor="password" hint="At least 8 characters.">
          <Input id="password" name="password" type="password" autoComplete="new-password" required minLength={8} />
        </Field>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Creating your account…" : "Create account"}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-neutral-500">
        Already have an account?{" "}
        <Link href="/sign-in" className="font-medium text-accent hover:underline">
          Sign in
        </Link>
      </p>
    </Card>
  );
}
