// The secret that opens the /api/bench/* routes for one benchmark run: the bench server gets
// it as OWO_BENCH_SECRET, and every request to those routes sends it (scripts/bench/server/bench-access.ts).
import { randomBytes } from "node:crypto";
import { BENCH_SECRET_HEADER } from "../../scripts/bench/server/bench-access";

export const BENCH_SECRET = randomBytes(24).toString("base64url");

/** The headers a request to `path` needs: the bench secret for /api/bench/*, nothing otherwise. */
export function benchHeaders(path: string): Record<string, string> {
  return path.startsWith("/api/bench/") ? { [BENCH_SECRET_HEADER]: BENCH_SECRET } : {};
}
