// GET /api/bench/list – the benchmark's floor for the /v1 list endpoints: the same page query
// (same WHERE, ORDER BY, LIMIT/OFFSET) and the same count(*) for `total`, as two prepared
// statements sent together like ours, every column as JSON; no key, rate limit, zod or view
// mapping. `npm run bench` divides GET /v1/checkout/transfer and GET /v1/events by it.
// Exists only for a
// request carrying OWO_BENCH_SECRET (scripts/bench/server/bench-access.ts; set by scripts/bench/server.ts);
// a 404 otherwise.
//
//   ?list=transfers&merchant=UUID&mode=test&page=1&page_size=20[&search=…][&status=…]
//   ?list=events&key_pair=UUID&page=1&page_size=20[&event=TYPE]
import { benchList } from "@/scripts/bench/server/bench-list";

export const dynamic = "force-dynamic";

export { benchList as GET };
