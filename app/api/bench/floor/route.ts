// POST /api/bench/floor – the benchmark's floor: one write transaction with none of the /v1
// pipeline (no key lookup, no rate limit, no zod), so `npm run bench` can tell our cost from
// the cost of Next.js + Postgres. Exists only for a request carrying OWO_BENCH_SECRET
// (scripts/bench/server/bench-access.ts); a 404 otherwise.
import { benchFloor } from "@/scripts/bench/server/bench-floor";

export const dynamic = "force-dynamic";

export { benchFloor as GET, benchFloor as POST, benchFloor as PUT, benchFloor as PATCH, benchFloor as DELETE };
