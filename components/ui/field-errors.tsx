import { cn } from "./cn";

/** next-safe-action's validation errors (from the API's own zod schema): the first message of a field. */
export type FieldErrors = Record<string, { _errors?: string[] } | string[] | undefined> & { _errors?: string[] };

export function firstError(errors: unknown, field: string): string | undefined {
  const entry = (errors as FieldErrors | undefined)?.[field];
  return Array.isArray(entry) ? entry[0] : entry?._errors?.[0];
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
