"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { createVirtualAccountAction } from "@/lib/actions/virtual-accounts";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { firstError } from "@/components/ui/field-errors";
import { Field } from "@/components/ui/input";
import { NairaField, useNairaField } from "@/components/ui/naira-input";
import { Select } from "@/components/ui/select";
import { useToastAction } from "@/components/ui/use-toast-action";
import { formatNaira, koboToNaira } from "@/lib/money";
import { VIRTUAL_ACCOUNT_AMOUNT_FIELD } from "@/lib/virtual-accounts/virtual-account-amount-field";
import { AMOUNT_RULE_LABELS, type AmountRule } from "./amount-rules";
import { Form } from "@/components/ui/form";

const VALIDITY_CHOICES = [
  { minutes: 30, label: "30 minutes" },
  { minutes: 60, label: "1 hour" },
  { minutes: 1440, label: "24 hours" },
  { minutes: 4320, label: "3 days (longest)" },
] as const;

export function CreateVirtualAccountForm() {
  const router = useRouter();
  const naira = useNairaField(VIRTUAL_ACCOUNT_AMOUNT_FIELD);
  const [validity, setValidity] = useState(4320);
  const [rule, setRule] = useState<AmountRule | "">("");
  const create = useToastAction(createVirtualAccountAction, {
    onSuccess: ({ data }) => {
      if (!data) return;
      if (data.status === "cancelled") toast.error("The bank could not issue an account number. Try again.");
      else toast.success("Virtual account created");
      router.push(`/dashboard/virtual-accounts/${data.publicId}`);
    },
    error: false,
  });

  const amount = naira.kobo;
  const amountProblem = naira.problem;
  const errors = create.result.validationErrors;

  return (
    <Card className="max-w-xl">
      <Form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (amount === null || amountProblem) return;
          create.execute({ amount: koboToNaira(amount), validity_minutes: validity, ...(rule ? { amount_validation: rule } : {}) });
        }}
      >
        <NairaField
          field={naira}
          id="va-amount"
          label="Amount (₦)"
          hint="The amount the customer should transfer."
          error={firstError(errors, "amount")}
          required
          testId="va-amount"
        />
        <Field
          label="Valid for"
          htmlFor="va-validity"
          error={firstError(errors, "validity_minutes")}
          hint="After this the account expires and stops accepting payment."
        >
          <Select id="va-validity" className="w-full" value={validity} onChange={(e) => setValidity(Number(e.target.value))} data-testid="va-validity">
            {VALIDITY_CHOICES.map((c) => (
              <option key={c.minutes} value={c.minutes}>
                {c.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Accept" htmlFor="va-rule" error={firstError(errors, "amount_validation")} hint="Which payments the bank accepts into this account.">
          <Select id="va-rule" className="w-full" value={rule} onChange={(e) => setRule(e.target.value as AmountRule | "")} data-testid="va-rule">
            <option value="">The bank&apos;s default</option>
            {(Object.keys(AMOUNT_RULE_LABELS) as AmountRule[]).map((r) => (
              <option key={r} value={r}>
                {AMOUNT_RULE_LABELS[r]}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" className="w-full" disabled={amount === null || Boolean(amountProblem) || create.isPending} data-testid="create-virtual-account">
          {create.isPending ? "Creating…" : amount && !amountProblem ? `Create account for ${formatNaira(amount)}` : "Create account"}
        </Button>
      </Form>
    </Card>
  );
}
