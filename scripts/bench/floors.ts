// Floors: what Next.js + Postgres cost on this machine without our code, measured against
// the same server in the same run. A scenario's figures are divided by its floor's.
import type { LoadRequest } from "./load";

export type FloorName = "write";

export const FLOORS: Record<FloorName, { label: string; description: string; request: (runTag: string) => LoadRequest }> = {
  write: {
    label: "floor: one write transaction",
    description: "POST /api/bench/floor: JSON body, one transaction (insert a row + update one balance row), JSON answer; no key, rate limit or zod",
    request: (runTag) => {
      let n = 0;
      return { method: "POST", path: "/api/bench/floor", body: () => ({ reference: `${runTag}-floor-${++n}`, amount: 10_000 }) };
    },
  },
};
