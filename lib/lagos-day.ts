/**
 * Calendar days in Lagos: West Africa Time, UTC+1 all year (Nigeria keeps no daylight saving),
 * so a fixed offset, not Intl.DateTimeFormat (every transfer asks: ~15 µs a call through Intl).
 * The day wallet limits count in, invoices fall due on, the overview's rollups are kept by
 * (`owo_lagos_day()` in the overview_rollups migration) and list date filters mean.
 */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of the Lagos day `at` falls on (today by default). */
export function lagosDay(at: Date = new Date()): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of the Lagos day `day` (`YYYY-MM-DD`), moved by `plusDays` whole days. */
export function lagosDayStart(day: string, plusDays = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - LAGOS_OFFSET_MS + plusDays * DAY_MS);
}

/** The `n` Lagos days ending with the one `now` falls on, oldest first. */
export function lastLagosDays(now: Date, n: number): string[] {
  const today = Date.parse(`${lagosDay(now)}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(today - (n - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}
