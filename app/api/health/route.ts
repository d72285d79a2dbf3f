// GET /api/health – for load balancers, monitoring and `npm start`: database reachable (and
// its latency), migrations current, the scheduler's last pass. 503 when the database does not
// answer or a committed migration is not applied yet.
import { getDb } from "@/db/client";
import { checkHealth, healthStatus } from "@/lib/observability/health";
import { inProcessSchedulerRunning } from "@/lib/scheduler/in-process";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await checkHealth(getDb, { schedulerEnabled: inProcessSchedulerRunning() });
  return Response.json(health, { status: healthStatus(health), headers: { "cache-control": "no-store" } });
}
