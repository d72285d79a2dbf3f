/**
 * Calendar days in Africa/Lagos (UTC+1 all year, no daylight saving), the day the overview's
 * rollups are kept by: the same as `owo_lagos_day()` in the overview_rollups migration.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `YYYY-MM-DD` of the Lagos day `at` falls on. */
export function lagosDay(at: Date): string {
  return new Date(at.getTime() + HOUR_MS).toISOString().slice(0, 10);
}

/** The `n` Lagos days ending with the one `now` falls on, oldest first. */
export function lastLagosDays(now: Date, n: number): string[] {
  const today = Date.parse(`${lagosDay(now)}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(today - (n - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}
