/** The Postgres error behind a driver or Drizzle wrapper (postgres.js and PGlite shapes). */
export function pgError(err: unknown): { code?: string; constraint?: string } | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const c = e as { code?: unknown; constraint_name?: string; constraint?: string; cause?: unknown };
    if (typeof c.code === "string" && /^[0-9A-Z]{5}$/.test(c.code)) return { code: c.code, constraint: c.constraint_name ?? c.constraint };
    e = c.cause;
  }
  return null;
}
