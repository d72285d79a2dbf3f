/** A failed safe action as one plain sentence for a customer (never a stack trace). */
export function actionErrorMessage(
  result: { serverError?: string; validationErrors?: unknown } | undefined,
  fallback = "Something went wrong. Please try again.",
): string {
  if (!result) return fallback;
  if (result.serverError) return result.serverError;
  const first = firstMessage(result.validationErrors);
  return first ?? fallback;
}

function firstMessage(errors: unknown): string | null {
  if (!errors || typeof errors !== "object") return null;
  for (const value of Object.values(errors as Record<string, unknown>)) {
    if (Array.isArray(value) && typeof value[0] === "string") return value[0];
    const nested = firstMessage(value);
    if (nested) return nested;
  }
  return null;
}
