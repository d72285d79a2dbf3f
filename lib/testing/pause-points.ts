/**
 * Barriers for race tests: production code marks a moment with `await pausePoint(name)` (free
 * when nothing is armed); a test calls `armPause(name)` first, and the next arrival at that
 * point stops there: `reached` resolves when it arrives, `release()` lets it go on. Each arm
 * stops one arrival; later arrivals pass straight through.
 */
type Armed = { arrive: () => void; released: Promise<void> };

const g = globalThis as unknown as { __owoPausePoints?: Map<string, Armed> };
const armed = (g.__owoPausePoints ??= new Map<string, Armed>());

const passThrough = Promise.resolve();

export function pausePoint(name: string): Promise<void> {
  if (armed.size === 0) return passThrough;
  const point = armed.get(name);
  if (!point) return passThrough;
  armed.delete(name);
  point.arrive();
  return point.released;
}

export function armPause(name: string): { reached: Promise<void>; release: () => void } {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  armed.set(name, { arrive, released });
  return { reached, release };
}
