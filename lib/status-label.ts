/**
 * A state name as a merchant reads it (DESIGN.md: "Status names as in the API, capitalised,
 * with spaces"): `pending_settlement` → "Pending settlement", `no_endpoint` → "No endpoint".
 * Sentence case, not title case: only the first letter is raised.
 */
export function statusLabel(status: string): string {
  const words = status.replace(/[_.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where a record was made, as a merchant reads it: "API" or "Dashboard". */
export function sourceLabel(source: string): string {
  return source === "api" ? "API" : statusLabel(source);
}
