/**
 * Barriers for race tests. Production code marks a race's critical point with
 * `await pausePoint("name")`: free (no await of anything new) unless a test in the same process
 * armed it. A test arms it with armPause("name"), starts the first caller, awaits `reached` (the
 * first caller now waits at the point, e.g. holding its row lock), starts the second, and calls
 * release() once the second has arrived. One arming pauses one caller: later callers pass.
 */
export type Armed = { arrive: () => void; released: Promise<void> };

// On globalThis: a route bundle and the test may load their own copies of this module.
const g = globalThis as unknown as { __owoPausePoints?: Map<string, Armed> };
/** The armed points of this process (tests/pause-points.ts arms them). */
export const armed = (g.__owoPausePoints ??= new Map<string, Armed>());

const passThrough = Promise.resolve();

export function pausePoint(name: string): Promise<void> {
  if (armed.size === 0) return passThrough;
  const point = armed.get(name);
  if (!point) return passThrough;
  armed.delete(name);
  point.arrive();
  return point.released;
}

/** Whether a test in this process armed this point (a caller may then take a path that can pause there). */
export function pauseArmed(name: string): boolean {
  return armed.size > 0 && armed.has(name);
}
