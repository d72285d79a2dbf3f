import type { TimeMark } from "@/db/statements/seed-history";

/**
 * The demo history's clock (seed-history.ts): each step runs now and is marked with the time
 * it stands for; backdate() later moves every row to its step's time by the last mark at or
 * before the row's own time.
 *
 * A mark is a JavaScript time (whole milliseconds) and rows carry PostgreSQL's microseconds, so
 * two steps in the same millisecond would tie and a row of the later step could be taken for
 * the earlier one's (it happened: the demo's payment of one day landed on the day before). So a
 * step's mark is taken only once the clock has moved past the millisecond in which the step
 * before it ended: every row of that step is then strictly before the new mark.
 */
export function timeline() {
  const marks: TimeMark[] = [];
  let lastEnd = -1;
  async function step<T>(target: Date, run: () => Promise<T>): Promise<T> {
    while (Date.now() <= lastEnd) await new Promise((resolve) => setTimeout(resolve, 1));
    marks.push({ real: new Date(), target });
    try {
      return await run();
    } finally {
      lastEnd = Date.now();
    }
  }
  return { marks, step };
}
