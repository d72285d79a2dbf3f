"use client";

import { useState } from "react";
import { saveNotificationsAction } from "@/lib/actions/settings";
import { Button } from "@/components/ui/button";
import { firstError } from "@/components/ui/field-errors";
import { Field, Input } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { Form } from "@/components/ui/form";

type Values = {
  paymentReceived: boolean;
  paymentReceivedMin: string;
  payoutFailed: boolean;
  refundDecided: boolean;
  webhookFailing: boolean;
  receipts: boolean;
};

function Toggle({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-1 h-4 w-4 shrink-0 accent-accent"
      />
      <label htmlFor={id} className="min-w-0 text-sm">
        <span className="font-medium">{label}</span>
        <span className="block text-neutral-600 dark:text-neutral-400">{hint}</span>
      </label>
    </div>
  );
}

/** The notification switches and the payment threshold; what was typed stays after an error. */
export function NotificationsForm({ initial, canEdit }: { initial: Values; canEdit: boolean }) {
  const [v, setV] = useState<Values>(initial);
  const save = useToastAction(saveNotificationsAction, { success: "Notifications saved", error: false, refresh: true });
  const set =
    <K extends keyof Values>(k: K) =>
    (value: Values[K]) =>
      setV((x) => ({ ...x, [k]: value }));
  return (
    <Form
      noValidate
      data-testid="notifications-form"
      className="max-w-xl space-y-5 rounded-lg border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
      onSubmit={(e) => {
        e.preventDefault();
        save.execute(v);
      }}
    >
      <fieldset className="space-y-4">
        <legend className="mb-2 font-medium">Email the owners when</legend>
        <Toggle
          id="paymentReceived"
          label="A payment is received"
          hint="From the amount below, on any channel."
          checked={v.paymentReceived}
          onChange={set("paymentReceived")}
          disabled={!canEdit}
        />
        {v.paymentReceived && (
          <div className="pl-7">
            <Field
              label="From this amount (₦)"
              htmlFor="paymentReceivedMin"
              hint="0 for every payment."
              error={firstError(save.result.validationErrors, "paymentReceivedMin")}
            >
              <Input
                id="paymentReceivedMin"
                inputMode="decimal"
                value={v.paymentReceivedMin}
                onChange={(e) => set("paymentReceivedMin")(e.target.value)}
                disabled={!canEdit}
                placeholder="50,000"
                className="max-w-48"
              />
            </Field>
          </div>
        )}
        <Toggle
          id="payoutFailed"
          label="A settlement payout fails"
          hint="Owo retries it; you may need to fix the destination."
          checked={v.payoutFailed}
          onChange={set("payoutFailed")}
          disabled={!canEdit}
        />
        <Toggle
          id="refundDecided"
          label="A refund is approved or rejected"
          hint="After Owo's review of a refund you requested."
          checked={v.refundDecided}
          onChange={set("refundDecided")}
          disabled={!canEdit}
        />
        <Toggle
          id="webhookFailing"
          label="A webhook endpoint stops answering"
          hint="When an event could not be delivered after every retry; at most one email a day per endpoint."
          checked={v.webhookFailing}
          onChange={set("webhookFailing")}
          disabled={!canEdit}
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 font-medium">Your customers</legend>
        <Toggle
          id="receipts"
          label="Email payers a receipt"
          hint="When a payment completes and the payer gave an email address. Off unless you turn it on."
          checked={v.receipts}
          onChange={set("receipts")}
          disabled={!canEdit}
        />
      </fieldset>
      {save.result.serverError && (
        <p className="text-sm text-red-700" data-testid="notifications-error">
          {save.result.serverError}
        </p>
      )}
      {canEdit && (
        <Button type="submit" disabled={save.isPending} data-testid="save-notifications">
          {save.isPending ? "Saving…" : "Save notifications"}
        </Button>
      )}
    </Form>
  );
}
