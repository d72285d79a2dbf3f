"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { createStaticAccountAction } from "@/lib/actions/static-accounts";
import { formErrors } from "@/components/ui/field-errors";
import { useToastAction } from "@/components/ui/use-toast-action";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Form } from "@/components/ui/form";

const IDENTITY_LABELS = { bvn: "BVN (11 digits)", nin: "NIN (11 digits)", rc: "CAC number (RC… or BN…)" } as const;
type IdentityType = keyof typeof IDENTITY_LABELS;

/** The form's words for the API's field names (errors read "Identity number must be…"). */
const LABELS = {
  customer_name: "Customer's name",
  identity_type: "Identity type",
  identity_number: "Identity number",
  customer_email: "Email",
  customer_phone: "Phone",
  account_name: "Account name",
  reference: "Reference",
};

const newReference = () => `dash_sa_${crypto.randomUUID().slice(0, 18)}`;

/**
 * "New static account": the API's own create schema (CreateStaticAccountBody) on the server.
 * The identity number is sent once and never shown again (only its last four, masked).
 */
export function CreateStaticAccountForm() {
  const router = useRouter();
  const [identityType, setIdentityType] = useState<IdentityType>("bvn");
  const [reference] = useState(newReference);
  const create = useToastAction(createStaticAccountAction, {
    success: (data) => data && `Static account ${data.accountNumber} created`,
    onSuccess: ({ data }) => data && router.push(`/dashboard/static-accounts/${data.id}`),
    error: false,
  });
  const { fields: errors, form: formError } = formErrors(create.result, LABELS);
  const text = (form: FormData, name: string) => {
    const v = String(form.get(name) ?? "").trim();
    return v === "" ? undefined : v;
  };

  return (
    <Card className="max-w-xl">
      <Form
        className="space-y-5"
        autoComplete="off"
        // onSubmit, not a form action: React resets a form after its action, and a form must keep
        // what was typed after any error.
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          create.execute({
            customer_name: text(form, "customer_name") ?? "",
            identity_type: identityType,
            identity_number: text(form, "identity_number") ?? "",
            customer_email: text(form, "customer_email"),
            customer_phone: text(form, "customer_phone"),
            account_name: text(form, "account_name"),
            reference: text(form, "reference") ?? "",
          });
        }}
      >
        <Field label="Customer's full legal name" htmlFor="sa-customer-name" hint="Must match the identity record exactly." error={errors.customer_name}>
          <Input id="sa-customer-name" name="customer_name" required minLength={2} maxLength={200} data-testid="sa-customer-name" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <Field label="Identity type" htmlFor="sa-identity-type" error={errors.identity_type}>
            <Select
              id="sa-identity-type"
              className="w-full"
              value={identityType}
              onChange={(e) => setIdentityType(e.target.value as IdentityType)}
              data-testid="sa-identity-type"
            >
              {(Object.keys(IDENTITY_LABELS) as IdentityType[]).map((t) => (
                <option key={t} value={t}>
                  {t.toUpperCase()}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label="Identity number"
            htmlFor="sa-identity-number"
            hint={`${IDENTITY_LABELS[identityType]}. Never shown again: only its last four.`}
            error={errors.identity_number}
          >
            <Input
              id="sa-identity-number"
              name="identity_number"
              required
              maxLength={40}
              inputMode={identityType === "rc" ? "text" : "numeric"}
              autoComplete="off"
              data-testid="sa-identity-number"
            />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Email (optional)" htmlFor="sa-email" error={errors.customer_email}>
            <Input id="sa-email" name="customer_email" type="email" maxLength={255} data-testid="sa-email" />
          </Field>
          <Field label="Phone (optional)" htmlFor="sa-phone" error={errors.customer_phone}>
            <Input id="sa-phone" name="customer_phone" type="tel" maxLength={20} data-testid="sa-phone" />
          </Field>
        </div>
        <Field
          label="Account name (optional)"
          htmlFor="sa-account-name"
          hint="Defaults to the customer's name; the bank may append your business name."
          error={errors.account_name}
        >
          <Input id="sa-account-name" name="account_name" maxLength={200} data-testid="sa-account-name" />
        </Field>
        <Field
          label="Reference"
          htmlFor="sa-reference"
          hint="Your reference for this customer. The same reference returns the same account."
          error={errors.reference}
        >
          <Input id="sa-reference" name="reference" required maxLength={120} defaultValue={reference} className="font-mono" data-testid="sa-reference" />
        </Field>
        {formError && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200" data-testid="sa-form-error">
            {formError}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={create.isPending} data-testid="create-static-account">
          {create.isPending ? "Checking identity and issuing…" : "Create static account"}
        </Button>
      </Form>
    </Card>
  );
}
