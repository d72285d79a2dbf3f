"use client";

import type { InputHTMLAttributes } from "react";
import { Input } from "./input";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange" | "inputMode"> & {
  /** The amount as typed ("₦12,500.50"); parse it with lib/money's parseNaira. */
  value: string;
  onValueChange: (text: string) => void;
};

/**
 * The one field for naira: a decimal keypad on phones and the text kept as typed, so the
 * amount reaches kobo through lib/money's exact parser (never through a float).
 */
export function NairaInput({ value, onValueChange, autoComplete = "off", ...props }: Props) {
  return <Input inputMode="decimal" autoComplete={autoComplete} value={value} onChange={(e) => onValueChange(e.target.value)} {...props} />;
}
