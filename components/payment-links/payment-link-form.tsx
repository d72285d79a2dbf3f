"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { createPaymentLinkAction, updatePaymentLinkAction } from "@/lib/actions/payment-links";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { firstError } from "@/components/ui/field-errors";
import { Field, Input, Textarea } from "@/components/ui/input";
import { NairaField, useNairaField } from "@/components/ui/naira-input";
import { useToastAction } from "@/components/ui/use-toast-action";
import type { LinkCollectField } from "@/db/schema";
import { koboToNaira } from "@/lib/money";
import { LINK_MAX_KOBO, LINK_MIN_KOBO } from "@/lib/payment-links/link-limits";
import { Form } from "@/components/ui/form";

/** What the form edits: a link's settings, amounts in kobo. */
export type PaymentLinkFormValues = {
  id: string;
  title: string;
  description: string | null;
  amount: number | null;
  minAmount: number | null;
  maxAmount: number | null;
  collectFields: LinkCollectField[];
  allowQuantity: boolean;
  redirectUrl: string | null;
  isActive: boolean;
};

const AMOUNT_RULES = {
  minKobo: LINK_MIN_KOBO,
  maxKobo: LINK_MAX_KOBO,
  minLabel: "the smallest amount a link can take",
  maxLabel: "the largest amount a link can take",
};
const COLLECT: { field: LinkCollectField; label: string }[] = [
  { field: "phone", label: "Phone number" },
  { field: "address", label: "Delivery address" },
];

const naira = (kobo: number | null | undefined) => (kobo == null ? "" : koboToNaira(kobo));

/** "New payment link" (no `link`) or "Edit" (with one): the same form in a dialog. */
export function PaymentLinkFormButton({ link, trigger }: { link?: PaymentLinkFormValues; trigger?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={link ? "secondary" : "primary"} onClick={() => setOpen(true)} data-testid={link ? "edit-payment-link" : "new-payment-link"}>
        {trigger ?? (link ? "Edit" : "New payment link")}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={link ? "Edit payment link" : "New payment link"}>
        {open && <PaymentLinkForm link={link} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function PaymentLinkForm({ link, onDone }: { link?: PaymentLinkFormValues; onDone: () => void }) {
  const router = useRouter();
  const [choice, setChoice] = useState(link ? link.amount === null : false);
  const fixed = useNairaField(AMOUNT_RULES, naira(link?.amount));
  const min = useNairaField(AMOUNT_RULES, link ? naira(link.minAmount) : "");
  const max = useNairaField(AMOUNT_RULES, naira(link?.maxAmount));
  const [collect, setCollect] = useState<LinkCollectField[]>(link?.collectFields ?? []);
  const [allowQuantity, setAllowQuantity] = useState(link?.allowQuantity ?? false);
  const [isActive, setIsActive] = useState(link?.isActive ?? true);

  const create = useToastAction(createPaymentLinkAction, {
    success: (d) => `${d.title} created`,
    error: false,
    onSuccess: ({ data }) => {
      onDone();
      router.push(`/dashboard/payment-links/${data.id}`);
    },
  });
  const update = useToastAction(updatePaymentLinkAction, { success: "Payment link saved", error: false, refresh: true, onSuccess: () => onDone() });
  const action = link ? update : create;
  const errors = (link ? (update.result.validationErrors as { body?: unknown } | undefined)?.body : create.result.validationErrors) as unknown;
  const formError = action.result.serverError ?? (errors as { _errors?: string[] } | undefined)?._errors?.[0];

  const rangeProblem = choice && min.kobo !== null && max.kobo !== null && min.kobo > max.kobo ? "The minimum is more than the maximum" : null;
  const amountMissing = !choice && fixed.kobo === null;
  const blocked = action.isPending || amountMissing || Boolean(fixed.problem || min.problem || max.problem || rangeProblem);

  return (
    <Form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault(); // not a form action: React would reset what was typed
        const form = new FormData(e.currentTarget);
        const text = (name: string) => String(form.get(name) ?? "").trim();
        const amounts = choice
          ? { amount: null, min_amount: min.kobo ?? LINK_MIN_KOBO, max_amount: max.kobo }
          : { amount: fixed.kobo, min_amount: null, max_amount: null };
        const body = {
          title: text("title"),
          description: text("description") || null,
          ...amounts,
          collect_fields: collect,
          allow_quantity: allowQuantity,
          redirect_url: text("redirect_url") || null,
          is_active: isActive,
        };
        if (link) update.execute({ id: link.id, body });
        else create.execute(body);
      }}
    >
      {formError && (
        <p role="status" data-testid="payment-link-error" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {formError}
        </p>
      )}
      <Field label="Title" htmlFor="pl-title" error={firstError(errors, "title")} hint="What the customer pays for: shown at the top of the page.">
        <Input id="pl-title" name="title" defaultValue={link?.title} maxLength={255} required data-testid="payment-link-title" />
      </Field>
      <Field label="Description (optional)" htmlFor="pl-description" error={firstError(errors, "description")}>
        <Textarea
          id="pl-description"
          name="description"
          defaultValue={link?.description ?? ""}
          maxLength={2000}
          rows={2}
          data-testid="payment-link-description"
        />
      </Field>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-neutral-700 dark:text-neutral-300">Amount</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {[
            { value: false, label: "A fixed amount", testId: "payment-link-fixed" },
            { value: true, label: "The customer chooses", testId: "payment-link-choice" },
          ].map((o) => (
            <label
              key={o.testId}
              className="flex min-h-11 items-center gap-2 rounded-md border border-neutral-300 px-3 text-sm has-[:checked]:border-accent dark:border-neutral-700"
            >
              <input
                type="radio"
                name="amount_kind"
                checked={choice === o.value}
                onChange={() => setChoice(o.value)}
                className="accent-[var(--color-accent)]"
                data-testid={o.testId}
              />
              {o.label}
            </label>
          ))}
        </div>
        {choice ? (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <NairaField
              field={min}
              id="pl-min"
              label="Minimum (optional)"
              placeholder="100.00"
              hint="₦1.00 when left empty."
              error={firstError(errors, "min_amount")}
              testId="payment-link-min"
            />
            <NairaField
              field={max}
              id="pl-max"
              label="Maximum (optional)"
              placeholder="No maximum"
              error={rangeProblem ?? firstError(errors, "max_amount")}
              testId="payment-link-max"
            />
          </div>
        ) : (
          <NairaField field={fixed} id="pl-amount" label="Price" required error={firstError(errors, "amount")} testId="payment-link-amount" />
        )}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-neutral-700 dark:text-neutral-300">Ask the customer for</legend>
        <p className="text-xs text-neutral-500">Name and email are always asked. Answers are kept with the payment.</p>
        {COLLECT.map((c) => (
          <label key={c.field} className="flex min-h-8 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={collect.includes(c.field)}
              onChange={(e) => setCollect((xs) => (e.target.checked ? [...xs, c.field] : xs.filter((x) => x !== c.field)))}
              className="accent-[var(--color-accent)]"
              data-testid={`payment-link-collect-${c.field}`}
            />
            {c.label}
          </label>
        ))}
        <label className="flex min-h-8 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={allowQuantity}
            onChange={(e) => setAllowQuantity(e.target.checked)}
            className="accent-[var(--color-accent)]"
            data-testid="payment-link-quantity"
          />
          Let the customer choose a quantity (amount × quantity)
        </label>
      </fieldset>

      <Field
        label="After payment, send the customer to (optional)"
        htmlFor="pl-redirect"
        error={firstError(errors, "redirect_url")}
        hint="A web address such as https://example.com/thanks."
      >
        <Input
          id="pl-redirect"
          name="redirect_url"
          type="url"
          inputMode="url"
          defaultValue={link?.redirectUrl ?? ""}
          maxLength={2048}
          placeholder="https://"
          data-testid="payment-link-redirect"
        />
      </Field>
      <label className="flex min-h-8 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={isActive}
          onChange={(e) => setIsActive(e.target.checked)}
          className="accent-[var(--color-accent)]"
          data-testid="payment-link-active"
        />
        Active: the link takes payments
      </label>

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={blocked} data-testid="save-payment-link">
          {action.isPending ? "Saving…" : link ? "Save changes" : "Create link"}
        </Button>
      </div>
    </Form>
  );
}
