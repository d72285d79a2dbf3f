/**
 * Invoice due dates are calendar days in Lagos (UTC+1 all year, no daylight saving). An
 * invoice is due at the END of its due date: the first instant of the next Lagos day.
 */
import { lagosDayStart } from "@/lib/lagos-day";

/** When an invoice with this due date becomes due: 00:00 Lagos the day after (= 23:00 UTC on the date). */
export function dueAtFor(dueDate: string): Date {
  return lagosDayStart(dueDate, 1);
}
