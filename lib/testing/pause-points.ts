// Test-only barriers at a race's critical point. Production code marks the point with
// `await pausePoint("name")`: a no-op (one map lookup) unless a test in the same process armed
// it. A test arms it with armPause("name"), starts the first caller, awaits `reached` (the first
// caller now waits at the point, e.g. holding its row lock), starts the second, and calls
// release() once the second has arrived. One arming pauses one caller: the next callers pass.
type Armed = { arrive: () => void; released: Promise<void> };

const armed = new Map<string, Armed>();

export async function pausePoint(name: string): Promise<void> {
  if (armed.size === 0) return;
  const point = armed.get(name);
  if (!point) return;
  armed.delete(name);
  point.arrive();
  await point.released;
}

export function armPause(name: string): { reached: Promise<void>; release(): void } {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const point = { arrive, released };
  armed.set(name, point);
  return {
    reached,
    release() {
      if (armed.get(name) === point) armed.delete(name); // never reached: disarmed, no later caller waits
      release();
    },
  };
}
