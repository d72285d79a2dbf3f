// Floors: what Next.js + Postgres cost on this machine without our code, measured against
// the same server in the same run. A scenario's figures are divided by its floor's.
import type { LoadRequest } from "./load";

export type FloorName = "write" | "write_statement" | "read";

export const FLOORS: Record<FloorName, { label: string; description: string; request: (runTag: string) => LoadRequest }> = {
  write: {
    label: "floor: one write transaction",
    description: "POST /api/bench/floor: JSON body, one transaction (insert a row + update one balance row), JSON answer; no key, rate limit or zod",
    request: (runTag) => {
      let n = 0;
      return { method: "POST", path: "/api/bench/floor", body: () => ({ reference: `${runTag}-floor-${++n}`, amount: 10_000 }) };
    },
  },
  write_statement: {
    label: "floor: one write statement",
    description:
      "POST /api/bench/floor?kind=statement: the same insert + balance update as ONE prepared statement (a CTE, its own transaction), the way our hot paths are written: the strictest floor",
    request: (runTag) => {
      let n = 0;
      return { method: "POST", path: "/api/bench/floor?kind=statement", body: () => ({ reference: `${runTag}-floor-stmt-${++n}`, amount: 10_000 }) };
    },
  },
  read: {
    label: "floor: one read",
    description: "GET /api/bench/floor?kind=read: one prepared select of one row by key, JSON answer (the floor for reads such as verify)",
    request: () => ({ method: "GET", path: "/api/bench/floor?kind=read" }),
  },
};
