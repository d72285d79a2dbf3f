"use client";

import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { NairaInput } from "@/components/ui/naira-input";

/**
 * The payer's naira amount on a hosted page (an invoice's part payment, a test payment): the
 * label, a large naira field, and a note under it (a hint, or the problem when `error`).
 */
export function AmountInput({
  id,
  label,
  labelClassName,
  value,
  onValueChange,
  note,
  error = false,
  noteId = `${id}-hint`,
  noteClassName = "text-xs",
  noteTestId,
  testId,
}: {
  id: string;
  label: ReactNode;
  labelClassName?: string;
  value: string;
  onValueChange: (text: string) => void;
  note?: ReactNode;
  error?: boolean;
  noteId?: string;
  noteClassName?: string;
  noteTestId?: string;
  testId?: string;
}) {
  return (
    <>
      <label htmlFor={id} className={cn("block text-sm font-medium", labelClassName)}>
        {label}
      </label>
      <NairaInput
        id={id}
        value={value}
        onValueChange={onValueChange}
        className="h-11 text-base tabular-nums"
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        data-testid={testId}
      />
      {note && (
        <p id={noteId} className={cn(noteClassName, error ? "text-red-700 dark:text-red-300" : "text-neutral-500")} data-testid={noteTestId}>
          {note}
        </p>
      )}
    </>
  );
}
