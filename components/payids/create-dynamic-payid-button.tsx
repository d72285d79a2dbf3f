"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { createDynamicPayIdAction } from "@/lib/actions/payids";
import { AMOUNT_RULE_LABELS, type AmountRule } from "@/components/virtual-accounts/amount-rules";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/input";
import { NairaField, useNairaField } from "@/components/ui/naira-input";
import { Select } from "@/components/ui/select";
import { formatNaira, koboToNaira } from "@/lib/money";
import { DYNAMIC_PAYID_AMOUNT_FIELD } from "@/lib/payids/dynamic-payid-amount-field";
import { firstError } from "@/components/ui/field-errors";
import { Form } from "@/components/ui/form";

const EXPIRY_CHOICES = [
  { minutes: 30, label: "30 minutes" },
  { minutes: 60, label: "1 hour" },
  { minutes: 360, label: "6 hours" },
  { minutes: 1440, label: "24 hours" },
  { minutes: 4320, label: "3 days (longest)" },
] as const;

/** "New dynamic PayID": a temporary PayID, for one payment unless told otherwise. */
export function CreateDynamicPayIdButton({ variant = "primary" }: { variant?: "primary" | "secondary" }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const naira = useNairaField(DYNAMIC_PAYID_AMOUNT_FIELD);
  const [rule, setRule] = useState<AmountRule>("A4");
  const [expiry, setExpiry] = useState(1440);
  const [multiple, setMultiple] = useState(false);
  const create = useAction(createDynamicPayIdAction, {
    onSuccess: ({ data }) => {
      if (!data) return;
      toast.success(`${data.payId} created`);
      setOpen(false);
      router.push(`/dashboard/payids/dynamic/${data.id}`);
    },
  });
  const amount = naira.kobo;
  const amountProblem = naira.problem;
  const errors = create.result.validationErrors;

  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} data-testid="new-dynamic-payid">
        New dynamic PayID
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="New dynamic PayID">
        <Form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault(); // not a form action: React would reset what was typed
            const form = new FormData(e.currentTarget);
            create.execute({
              // api.md types this amount as a number of naira: the exact decimal text, read as a number.
              amount: amount === null ? null : Number(koboToNaira(amount)),
              amount_validation: rule,
              allow_multiple_payments: multiple,
              expires_in_minutes: expiry,
              name: String(form.get("name") ?? "").trim() || undefined,
            });
          }}
        >
          {create.result.serverError && (
            <p role="status" data-testid="dynamic-payid-error" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
              {create.result.serverError}
            </p>
          )}
          <NairaField
            field={naira}
            id="dpid-amount"
            label="Amount (₦, optional)"
            hint="Leave empty to accept any amount."
            error={firstError(errors, "amount")}
            testId="dynamic-payid-amount"
          />
          {amount !== null && (
            <Field label="Accept" htmlFor="dpid-rule" error={firstError(errors, "amount_validation")}>
              <Select id="dpid-rule" className="w-full" value={rule} onChange={(e) => setRule(e.target.value as AmountRule)} data-testid="dynamic-payid-rule">
                {(Object.keys(AMOUNT_RULE_LABELS) as AmountRule[]).map((r) => (
                  <option key={r} value={r}>
                    {AMOUNT_RULE_LABELS[r]}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field label="Expires after" htmlFor="dpid-expiry" error={firstError(errors, "expires_in_minutes")}>
            <Select id="dpid-expiry" className="w-full" value={expiry} onChange={(e) => setExpiry(Number(e.target.value))} data-testid="dynamic-payid-expiry">
              {EXPIRY_CHOICES.map((c) => (
                <option key={c.minutes} value={c.minutes}>
                  {c.label}
                </option>
              ))}
            </Select>
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={multiple}
              onChange={(e) => setMultiple(e.target.checked)}
              className="accent-[var(--color-accent)]"
              data-testid="dynamic-payid-multiple"
            />
            Accept several payments until it expires
          </label>
          <Field label="Name (optional)" htmlFor="dpid-name" error={firstError(errors, "name")} hint="Named after your business when left empty.">
            <Input id="dpid-name" name="name" maxLength={255} data-testid="dynamic-payid-name" />
          </Field>
          <div className="flex justify-end gap-2 pt-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || Boolean(amountProblem)} data-testid="create-dynamic-payid">
              {create.isPending ? "Creating…" : amount ? `Create PayID for ${formatNaira(amount)}` : "Create PayID"}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
