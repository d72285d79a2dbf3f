/**
 * Invoice due dates are calendar days in Lagos (UTC+1 all year, no daylight saving). An
 * invoice is due at the END of its due date: the first instant of the next Lagos day.
 */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** Today's date in Lagos, `YYYY-MM-DD`. */
export function lagosToday(now = new Date()): string {
  return new Date(now.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** When an invoice with this due date becomes due: 00:00 Lagos the day after (= 23:00 UTC on the date). */
export function dueAtFor(dueDate: string): Date {
  return new Date(Date.parse(`${dueDate}T00:00:00Z`) + 24 * 60 * 60 * 1000 - LAGOS_OFFSET_MS);
}
