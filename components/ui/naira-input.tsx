"use client";

import { useState, type InputHTMLAttributes } from "react";
import { checkNairaField, type NairaFieldRules } from "@/lib/money";
import { cn } from "./cn";
import { FieldError } from "./field-errors";
import { Input, Label } from "./input";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange" | "inputMode"> & {
  /** The amount as typed ("₦12,500.50"); parse it with lib/money's parseNaira. */
  value: string;
  onValueChange: (text: string) => void;
};

/**
 * The bare naira input: a decimal keypad on phones and the text kept as typed, so the amount
 * reaches kobo through lib/money's exact parser (never through a float). Dashboard forms use
 * NairaField below, which adds the label, the limits and the message.
 */
export function NairaInput({ value, onValueChange, autoComplete = "off", ...props }: Props) {
  return <Input inputMode="decimal" autoComplete={autoComplete} value={value} onChange={(e) => onValueChange(e.target.value)} {...props} />;
}

/** A naira field's state: the text as typed, its kobo (null when empty or wrong) and its problem. */
export type NairaFieldState = { text: string; setText: (text: string) => void; kobo: number | null; problem: string | null; rules: NairaFieldRules };

/** A naira field's state from text kept elsewhere (a row of a list), checked against its limits. */
export function nairaFieldState(text: string, setText: (text: string) => void, rules: NairaFieldRules): NairaFieldState {
  const { kobo, problem } = checkNairaField(text, rules);
  return { text, setText, kobo, problem, rules };
}

/** Keeps a naira field's text and checks it against the operation's limits as it is typed. */
export function useNairaField(rules: NairaFieldRules, initial = ""): NairaFieldState {
  const [text, setText] = useState(initial);
  return nairaFieldState(text, setText, rules);
}

/**
 * The one naira field of every dashboard money form: a ₦ prefix, the decimal keypad, and under
 * it the problem in words (a minus sign, a third decimal, above the operation's maximum: the
 * message names the limit), else the server's error for the field, else the hint.
 */
export function NairaField({
  field,
  id,
  label,
  hint,
  error,
  required,
  testId,
  errorTestId,
  className,
  placeholder = "12,500.00",
  labelClassName,
  ...props
}: Omit<Props, "value" | "onValueChange" | "id"> & {
  field: NairaFieldState;
  id: string;
  label: string;
  hint?: string;
  /** The server's words for this field, shown when the text itself is fine. */
  error?: string | null;
  testId?: string;
  errorTestId?: string;
  labelClassName?: string;
}) {
  const message = field.problem ?? error ?? null;
  const noteId = `${id}-note`;
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      <div className="relative">
        <span aria-hidden className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-neutral-500">
          ₦
        </span>
        <NairaInput
          id={id}
          value={field.text}
          onValueChange={field.setText}
          placeholder={placeholder}
          className="pl-7 tabular-nums"
          required={required}
          aria-invalid={message ? true : undefined}
          aria-describedby={message || hint ? noteId : undefined}
          data-testid={testId}
          {...props}
        />
      </div>
      <div id={noteId}>{message ? <FieldError message={message} testId={errorTestId} /> : hint && <p className="text-xs text-neutral-500">{hint}</p>}</div>
    </div>
  );
}
