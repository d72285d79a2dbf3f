// Arming the pause points that production code marks with `await pausePoint("name")`
// (lib/pause-points.ts): test code only.
import { armed } from "@/lib/pause-points";

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
