"use client";

import { useState } from "react";
import { saveBusinessProfileAction } from "@/lib/actions/settings";
import { Button } from "@/components/ui/button";
import { firstError } from "@/components/ui/field-errors";
import { Field, Input } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { Form } from "@/components/ui/form";

type Values = { displayName: string; brandColour: string; supportEmail: string; supportPhone: string };

/**
 * The profile's text fields. What was typed stays after the server refuses it; the server's
 * words show under the field they are about.
 */
export function BusinessProfileForm({
  initial,
  businessName,
  accent,
  canEdit,
}: {
  initial: Values;
  businessName: string;
  accent: string | null;
  canEdit: boolean;
}) {
  const [values, setValues] = useState<Values>(initial);
  const save = useToastAction(saveBusinessProfileAction, { success: "Business profile saved", error: false, refresh: true });
  const errors = save.result.validationErrors;
  const set = (k: keyof Values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const colourOk = /^#[0-9a-f]{6}$/i.test(values.brandColour);
  return (
    <Form
      noValidate
      data-testid="profile-form"
      className="max-w-xl space-y-4 rounded-lg border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
      onSubmit={(e) => {
        e.preventDefault();
        save.execute(values);
      }}
    >
      <h2 className="font-medium">Details</h2>
      <Field
        label="Display name"
        htmlFor="displayName"
        hint={`Shown to customers instead of "${businessName}". Leave empty to use it.`}
        error={firstError(errors, "displayName")}
      >
        <Input id="displayName" name="displayName" value={values.displayName} onChange={set("displayName")} disabled={!canEdit} placeholder={businessName} />
      </Field>
      <Field
        label="Brand colour"
        htmlFor="brandColour"
        hint="# and six hex digits. A light colour is darkened on your pages so text on it stays readable."
        error={firstError(errors, "brandColour")}
      >
        <div className="flex items-center gap-2">
          <Input
            id="brandColour"
            name="brandColour"
            value={values.brandColour}
            onChange={set("brandColour")}
            disabled={!canEdit}
            placeholder="#0f766e"
            className="max-w-40 font-mono"
          />
          <input
            type="color"
            aria-label="Pick the brand colour"
            value={colourOk ? values.brandColour.toLowerCase() : "#0f766e"}
            onChange={(e) => setValues((v) => ({ ...v, brandColour: e.target.value }))}
            disabled={!canEdit}
            className="h-9 w-12 shrink-0 cursor-pointer rounded border border-neutral-300 bg-white p-0.5 dark:border-neutral-700"
          />
          {accent && (
            <span className="rounded px-2 py-1 text-xs font-medium text-white" style={{ backgroundColor: accent }} data-testid="brand-preview">
              Pay now
            </span>
          )}
        </div>
      </Field>
      <Field label="Support email" htmlFor="supportEmail" hint="Where customers can write with questions." error={firstError(errors, "supportEmail")}>
        <Input
          id="supportEmail"
          name="supportEmail"
          inputMode="email"
          autoComplete="off"
          value={values.supportEmail}
          onChange={set("supportEmail")}
          disabled={!canEdit}
          placeholder="help@yourbusiness.ng"
        />
      </Field>
      <Field label="Support phone" htmlFor="supportPhone" error={firstError(errors, "supportPhone")}>
        <Input
          id="supportPhone"
          name="supportPhone"
          inputMode="tel"
          value={values.supportPhone}
          onChange={set("supportPhone")}
          disabled={!canEdit}
          placeholder="+234 803 000 0000"
        />
      </Field>
      {save.result.serverError && (
        <p className="text-sm text-red-700" data-testid="profile-error">
          {save.result.serverError}
        </p>
      )}
      {canEdit && (
        <Button type="submit" disabled={save.isPending} data-testid="save-profile">
          {save.isPending ? "Saving…" : "Save profile"}
        </Button>
      )}
    </Form>
  );
}
