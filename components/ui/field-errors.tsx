import { statusLabel } from "@/lib/status-label";
import { cn } from "./cn";

/** next-safe-action's validation errors (from the API's own zod schema): the first message of a field. */
export type FieldErrors = Record<string, { _errors?: string[] } | string[] | undefined> & { _errors?: string[] };

/** Field names the API uses that read badly as plain words. */
const FIELD_WORDS: FieldLabels = {
  pay_id: "PayID",
  customer_email: "Customer email",
  customer_phone: "Customer phone",
  url: "URL",
  bank_code: "Bank",
  amount_validation: "Accepted amounts",
  expires_in_minutes: "Expiry",
};

/** The first message of a field, with the API's field name at its start in words ("daily_limit must…" → "Daily limit must…"). */
export function firstError(errors: unknown, field: string): string | undefined {
  const message = rawFirstError(errors, field);
  return message && inMerchantWords(message, { [field]: FIELD_WORDS[field] ?? statusLabel(field) });
}

/** How a field's problem shows under it (nothing when there is none). */
export function FieldError({ message, className, testId }: { message?: string | null; className?: string; testId?: string }) {
  if (!message) return null;
  return (
    <p className={cn("text-xs text-red-600", className)} data-testid={testId}>
      {message}
    </p>
  );
}

/** The names a form's fields go by, keyed by the API's field names ("identity_number" → "Identity number"). */
export type FieldLabels = Record<string, string>;

/**
 * A message from the API's schema in a merchant's words: its field names become the form's
 * labels ("identity_number must be an 11-digit BVN" → "Identity number must be an 11-digit BVN").
 */
export function inMerchantWords(message: string, labels: FieldLabels): string {
  let out = message;
  for (const [field, label] of Object.entries(labels)) {
    out = out.replace(new RegExp(`(^|[\\s:;(,])${field}\\b`, "g"), (_m, pre: string, offset: number) => `${pre}${offset === 0 ? label : label.toLowerCase()}`);
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/**
 * Every field's first problem, in the merchant's words: the schema's validation errors, and the
 * server's own details ("…: identity_number must be…; …") put beside the field they name;
 * whatever names no field is the form's (`form`).
 */
export function formErrors(
  result: { serverError?: string; validationErrors?: unknown },
  labels: FieldLabels,
): { fields: Record<string, string | undefined>; form: string | undefined } {
  const fields: Record<string, string | undefined> = {};
  for (const field of Object.keys(labels)) {
    const m = rawFirstError(result.validationErrors, field);
    if (m) fields[field] = inMerchantWords(m, labels);
  }
  let form = firstFormError(result.validationErrors);
  const server = result.serverError;
  if (server) {
    const cut = server.indexOf(": ");
    const details = cut > 0 ? server.slice(cut + 2).split("; ") : [server];
    const left: string[] = [];
    for (const d of details) {
      const field = Object.keys(labels).find((f) => new RegExp(`^${f}\\b`).test(d));
      if (field && !fields[field]) fields[field] = inMerchantWords(d, labels);
      else if (!field) left.push(d);
    }
    if (left.length) form = inMerchantWords(cut > 0 && left.length === details.length ? server : left.join("; "), labels);
  }
  return { fields, form: form && inMerchantWords(form, labels) };
}

function firstFormError(errors: unknown): string | undefined {
  return (errors as FieldErrors | undefined)?._errors?.[0];
}

function rawFirstError(errors: unknown, field: string): string | undefined {
  const entry = (errors as FieldErrors | undefined)?.[field];
  return Array.isArray(entry) ? entry[0] : entry?._errors?.[0];
}
