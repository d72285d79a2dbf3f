const LAGOS_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos", year: "numeric", month: "2-digit", day: "2-digit" });

/** The Lagos calendar day of a moment, `YYYY-MM-DD`: the day a wallet's daily limits count in. */
export function lagosDay(at: Date = new Date()): string {
  return LAGOS_DATE.format(at);
}
