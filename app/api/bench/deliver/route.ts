// POST /api/bench/deliver – runs the scheduler's deliver_webhooks job once (deliverDueEvents,
// exactly what GET /api/cron runs for it) and nothing else, so the webhooks benchmark times
// delivery without the other jobs' work (pending bank transfers left by earlier scenarios).
// Exists only for a
// request carrying OWO_BENCH_SECRET (scripts/bench/server/bench-access.ts; set by scripts/bench/server.ts);
// a 404 otherwise.
import { benchAllowed } from "@/scripts/bench/server/bench-access";
import { getDb } from "@/db/client";
import { deliverDueEvents } from "@/lib/events/deliver-due-events";

export const dynamic = "force-dynamic";

export async function POST(req: Request): Promise<Response> {
  if (!benchAllowed(req)) return Response.json({ status: false, message: "Not found" }, { status: 404 });
  const attempts = await deliverDueEvents(await getDb());
  return Response.json({ status: true, message: "ok", data: { attempts } });
}
