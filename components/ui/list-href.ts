/**
 * A dashboard list's URL with its filters (and page) in the query string, so a filtered view is
 * shareable and back-button safe (DESIGN.md). Empty values are left out.
 */
export function listHref(base: string, query: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([k, v]) => [k, String(v)]),
  );
  return `${base}?${q}`;
}
