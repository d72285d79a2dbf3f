/** next-safe-action's validation errors (from the API's own zod schema): the first message of a field. */
export type FieldErrors = Record<string, { _errors?: string[] } | string[] | undefined> & { _errors?: string[] };

export function firstError(errors: unknown, field: string): string | undefined {
  const entry = (errors as FieldErrors | undefined)?.[field];
  return Array.isArray(entry) ? entry[0] : entry?._errors?.[0];
}
