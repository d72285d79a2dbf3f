import { createHash, timingSafeEqual } from "node:crypto";

/** The header `npm run bench` sends OWO_BENCH_SECRET in. */
export const BENCH_SECRET_HEADER = "x-owo-bench-secret";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * The /api/bench/* routes exist only for a benchmark run: they answer when OWO_BENCH_SECRET is
 * set on the server AND the request carries it in x-owo-bench-secret; to anyone else, and on
 * every server without the variable, they are a 404.
 */
export function benchAllowed(req: Request): boolean {
  const secret = process.env.OWO_BENCH_SECRET;
  const given = req.headers.get(BENCH_SECRET_HEADER);
  if (!secret || !given) return false;
  return timingSafeEqual(digest(given), digest(secret));
}
