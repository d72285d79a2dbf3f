/** One JSON line per event on stderr. Never pass a secret key or password here. */
export function logError(message: string, fields: Record<string, unknown> = {}): void {
  const err = fields.error;
  const serialised =
    err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : err;
  console.error(JSON.stringify({ level: "error", time: new Date().toISOString(), message, ...fields, error: serialised }));
}
